-- task:cancel() while the task waits two coroutines deep ran only the outermost <close>.
-- exit: 0
-- stdout: closed: inner mid outer
local log = {}
local function guard(name) return setmetatable({}, {__close = function() log[#log + 1] = name end}) end
local task = spawn(function()
  local _ <close> = guard("outer")
  coroutine.wrap(function()
    local _ <close> = guard("mid")
    coroutine.wrap(function()
      local _ <close> = guard("inner")
      wait(10)
    end)()
  end)()
end)
wait(1)
task:cancel()
print("closed: " .. table.concat(log, " "))
