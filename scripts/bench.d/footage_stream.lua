-- Benchmark: every frame of a low@30 stream decoded from the footage arg[1] (an MP4;
-- without one, the synthetic scene, the baseline): a Lua callback reads each frame's
-- luma, which needs the frame's pixels.
if arg[1] then mock.paired()[1].camera:feed(arg[1]) end
local cam = wearables.stream{resolution = "low", fps = 30}
cam:on("frame", function(frame) frame:luma() end)
cam:start()
