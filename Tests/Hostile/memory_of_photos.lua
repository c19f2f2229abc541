-- 20k photos held 347 MB of host memory under a 64M cap: photos count now.
-- args: --max-memory 2M
-- exit: 3
-- stderr: (--max-memory) exceeded
local session = wearables.session()
session:start()
local cam = session:camera{ resolution = "high", fps = 30 }
cam:start()
local held = {}
for i = 1, 2000 do held[i] = cam:capture() end
