-- os.exit(n, true) skipped the pending <close> handlers; they run, innermost first, and the code stands.
-- sandboxes: standard
-- exit: 7
-- stdout: closing main
-- stdout: closing task
spawn(function()
  local _ <close> = setmetatable({}, {__close = function() print("closing task") end})
  wait(100)
end)
local _ <close> = setmetatable({}, {__close = function() print("closing main") end})
wait(1)
os.exit(7, true)
