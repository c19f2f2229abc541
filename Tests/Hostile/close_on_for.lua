-- A run ended by --for skipped the pending <close> handlers of the main chunk and its tasks.
-- args: --for 5
-- exit: 0
-- stdout: closed: inner task main
local log = {}
local function guard(name, last)
  return setmetatable({}, {__close = function()
    log[#log + 1] = name
    if last then print("closed: " .. table.concat(log, " ")) end
  end})
end
spawn(function()
  local _ <close> = guard("task")
  local co = coroutine.wrap(function()
    local _ <close> = guard("inner")
    wait(100)
  end)
  co()
end)
local _ <close> = guard("main", true)
wait(100)
