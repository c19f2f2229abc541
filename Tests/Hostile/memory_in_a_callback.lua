-- The memory cap hit inside an :on callback is a limit too.
-- args: --max-memory 16M
-- exit: 3
-- stderr: (--max-memory) exceeded
local hold = {}
wearables.on("devices", function() for i = 1, 1e8 do hold[i] = { i } end end)
wait(1)
