package.path = arg[0]:match("(.*/)") .. "?.lua;" .. package.path
-- A captouch tap-and-hold wakes the assistant, which takes the camera: an active
-- stream stops, without an error, and the session lives on (MockDevice's
-- tapAndHoldCaptouch "stops an active stream").
local check = require "check"

local glasses = mock.paired()[1]
local session = wearables.session()
session:start()
local cam = session:camera{ resolution = "low", fps = 15 }
local errors = {}
local listening = cam:on("error", function(e) errors[#errors + 1] = tostring(e) end)
cam:start()
glasses:tap_and_hold()
wait(0.5)
check.eq(cam.state, "stopped", "the assistant takes the camera")
check.eq(session.state, "started", "the session lives on")
check.eq(#errors, 0, "without an error")
cam:start()
check.eq(cam.state, "streaming", "the app can start it again")
listening:cancel()
session:stop()
print("ok")
exit(0)
