-- nod_capture.lua: take a photo when the wearer nods.
--
-- DAT 1.0 Motion (MWDATMotion, experimental) at 30 Hz: a nod is the head pitching
-- fast, which the gyroscope's pitch rate (Y here) shows. On the simulator the wearer's
-- head is staged with glasses.motion:feed{pose = ...} (MockMotionKit; a CSV recording
-- in DAT's columns works too).
--
--   glasses run --out out examples/nod_capture.lua

local threshold = tonumber(arg[1]) or 0.5 -- rad/s

local session = wearables.session()
session:start()
local cam = session:camera{resolution = "low", fps = 15}
cam:start()
local motion = session:motion{rate = 30, sensors = {"gyroscope"}}
motion:start()

local glasses = mock.paired()[1]
after(2, function() glasses.motion:feed{pose = "nodding"} end)

while true do
  local sample = assert(motion:next_sample(10))
  local pitch_rate = math.abs(sample.gyroscope.y)
  if pitch_rate > threshold then
    log.info("nod: pitch rate %.2f rad/s at %d ns", pitch_rate, sample.timestamp_ns)
    cam:capture():save("nod.jpg")
    break
  end
end
glasses.motion:feed{pose = "level"}
print("captured on a nod")
session:stop()
