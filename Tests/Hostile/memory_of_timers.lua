-- A million timers held 270 MB of host memory under a 64M cap: now they count.
-- args: --max-memory 32M
-- exit: 3
-- stderr: (--max-memory) exceeded
for _ = 1, 1e6 do every(1, function() end) end
