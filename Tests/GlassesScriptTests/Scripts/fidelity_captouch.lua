package.path = arg[0]:match("(.*/)") .. "?.lua;" .. package.path
-- A captouch tap toggles pause and resume (MockDeviceKit captouch tap()); the pause
-- lasts until the next tap.
local check = require "check"

local glasses = mock.paired()[1]
local session = wearables.session()
session:start()
local cam = session:camera{ resolution = "low", fps = 15 }
cam:start()
glasses:tap()
wait(0.1)
check.eq(session.state, "paused", "the first tap pauses the session")
check.eq(cam.state, "paused", "and the camera")
wait(30)
check.eq(session.state, "paused", "the pause lasts until the next tap")
glasses:tap()
wait(0.1)
check.eq(session.state, "started", "the second tap resumes the session")
check.eq(cam.state, "streaming", "and the camera")
session:stop()
print("ok")
exit(0)
