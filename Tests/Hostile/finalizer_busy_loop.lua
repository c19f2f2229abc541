-- Lua runs finalizers with hooks off: only the watchdog's hard stop ends this.
-- args: --timeout 1
-- exit: 3
-- stderr: time limit of 1 s (--timeout) exceeded
setmetatable({}, { __gc = function() while true do end end })
collectgarbage()
