-- remote_frames.lua RES SECONDS: counts the frames a connected run receives
-- at RES@30 over SECONDS of run time, and how many the camera should have made.
local res, seconds = arg[1] or "low", tonumber(arg[2]) or 10
local session = wearables.session()
session:start()
local cam = session:camera{resolution = res, fps = 30}
local frames, first, last = 0, nil, nil
cam:on("frame", function(frame)
  frames = frames + 1
  first = first or frame.timestamp
  last = frame.timestamp
end)
cam:start()
local settings = cam.effective
local t0 = now()
wait(seconds)
print(("%s %d %d %s"):format(res, frames, math.floor(seconds * settings.fps + 0.5), settings.resolution))
exit(0)
