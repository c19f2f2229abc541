-- The memory cap hit inside a spawned task is a limit (3), not an uncaught error (1).
-- args: --max-memory 16M
-- exit: 3
-- stderr: (--max-memory) exceeded
spawn(function() local t = {} for i = 1, 1e8 do t[i] = { i } end end)
wait(1)
