-- Benchmark baseline: a 30 fps stream nobody consumes (frames cost nothing until read).
local res = arg[1] or "low"
local cam = wearables.stream{ resolution = res, fps = 30 }
cam:start()
wait(1e9)
