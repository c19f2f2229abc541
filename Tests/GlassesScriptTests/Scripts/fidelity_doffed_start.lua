package.path = arg[0]:match("(.*/)") .. "?.lua;" .. package.path
-- DAT's known issue: a stream started while the glasses are off streams; putting them on
-- pauses it, and a captouch tap resumes it. (Taking them off mid-stream is the other
-- case: fidelity_doff.lua.)
local check = require "check"

local glasses = mock.paired()[1]
glasses:doff()
wait(5)
local session = wearables.session()
session:start()
local cam = session:camera{ resolution = "low", fps = 15 }
cam:start()
local errors = {}
cam:on("error", function(err) errors[#errors + 1] = err end)
session:on("error", function(err) errors[#errors + 1] = err end)
wait(40)
check.eq(cam.state, "streaming", "started off the face, the stream runs")
check.eq(session.state, "started", "and the session does not end")
check.eq(#errors, 0, "no error")

glasses:don()
wait(0.1)
check.eq(session.state, "paused", "put on, the session pauses")
check.eq(cam.state, "paused", "and the stream")
wait(10)
check.eq(cam.state, "paused", "and stays paused")
glasses:tap()
wait(0.5)
check.eq(session.state, "started", "a tap resumes the session")
check.eq(cam.state, "streaming", "and the stream")
check.eq(#errors, 0, "still no error")

glasses:doff()
wait(4)
check.eq(cam.state, "stopped", "taken off now, the camera stops as for any doff")
check.eq(errors[1] and errors[1].code, "hingesClosed", "with hingesClosed")
print("ok")
exit(0)
