package.path = arg[0]:match("(.*/)") .. "?.lua;" .. package.path
-- Callback isolation, listener lifetime and borrowed frames. Expected exit 1:
-- one callback fails on purpose; the run goes on and reports it at the end.
local check = require "check"

local cam = wearables.stream{ resolution = "low", fps = 15 }
local good, kept, borrowed = 0, nil, nil
-- The handle is dropped at once: the listener must live on anyway.
cam:on("frame", function(frame)
  good = good + 1
  borrowed = frame
  if not kept then kept = frame:copy() end
end)
cam:on("frame", function(frame)
  if frame.index == 3 then error("boom in a frame callback") end
end)
collectgarbage()
collectgarbage()
cam:start()
wait(1)
collectgarbage()
wait(1)
check.eq(good > 20, true, "the unreferenced listener kept firing")
check.eq(kept.width, 360, "a copied frame stays valid")
check.raises(function() return borrowed.width end, "no longer valid", "a borrowed frame after its callback")
check.raises(function() return borrowed:luma() end, "frame:copy%(%)", "the message says how to keep a frame")
cam:stop()
print("ok")
