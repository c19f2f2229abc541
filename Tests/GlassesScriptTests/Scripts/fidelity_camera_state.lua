package.path = arg[0]:match("(.*/)") .. "?.lua;" .. package.path
-- The camera capability's own state (DAT 1.0 Camera: starting, started, stopping,
-- stopped), apart from its stream's: a stream the device pauses is a camera still held.
local check = require "check"

local glasses = mock.paired()[1]
local session = wearables.session()
session:start()
local cam = session:camera{ resolution = "low", fps = 15 }
check.eq(cam.camera_state, "stopped", "before start")
local capability, record = check.recorder()
local streams, stream = check.recorder()
cam:on("camera_state", record)
cam:on("state", stream)
cam:start()
check.eq(cam.camera_state, "started", "streaming")
glasses:tap() -- the device pauses the session
wait(0.5)
check.eq(cam.state, "paused", "the stream pauses")
check.eq(cam.camera_state, "started", "the camera stays started")
glasses:tap()
wait(0.5)
cam:stop()
check.eq(cam.camera_state, "stopped", "after stop")
wait(0)
check.seq(capability, { "stopped", "starting", "started", "stopping", "stopped" }, "camera states")
check.eq(#streams > #capability, true, "the stream changed state more often")
session:stop()
print("ok")
exit(0)
