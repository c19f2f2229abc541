-- A task that failed with an uncaught error never ran its pending <close> handlers.
-- exit: 1
-- stdout: closed with:
-- stdout: close_on_uncaught_error.lua:9: boom
-- stderr: boom
spawn(function()
  local _ <close> = setmetatable({}, {__close = function(_, err) print("closed with: " .. tostring(err)) end})
  wait(1)
  error("boom")
end)
wait(2)
