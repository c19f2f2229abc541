-- A finalizer that never returns, run as the state closes: hooks are off there,
-- and the watchdog's hard stop must still end the run.
-- args: --timeout 1
-- exit: 3
-- stderr: time limit of 1 s (--timeout) exceeded
x = setmetatable({}, { __gc = function() while true do end end })
print("main chunk done")
