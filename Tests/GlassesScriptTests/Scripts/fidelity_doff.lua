package.path = arg[0]:match("(.*/)") .. "?.lua;" .. package.path
-- Taken off mid-stream, the glasses stop the camera with StreamError.hingesClosed, as
-- DAT 0.9+ does (CHANGELOG 0.9.0, Fixed: "Stream now surfaces StreamError.hingesClosed
-- when the control stream stops because the device was doffed"), and pause the session.
-- Put back on, the session resumes and the camera starts again. Left off for long, the
-- session ends (DeviceSessionError.unexpectedError, "Session ended by device").
local check = require "check"

local glasses = mock.paired()[1]
local session = wearables.session()
session:start()
local cam = session:camera{ resolution = "low", fps = 15 }
cam:start()
local session_errors, stream_errors = {}, {}
session:on("error", function(err) session_errors[#session_errors + 1] = err end)
cam:on("error", function(err) stream_errors[#stream_errors + 1] = err end)
glasses:doff()
check.eq(glasses.device.don, "doffed", "the device field tells the script why")
wait(4)
check.eq(cam.state, "stopped", "not worn, the camera stops")
check.eq(stream_errors[1] and stream_errors[1].domain, "StreamError", "on the stream's error channel")
check.eq(stream_errors[1] and stream_errors[1].code, "hingesClosed", "DAT's doff case")
check.eq(tostring(stream_errors[1]):find("taken off", 1, true) ~= nil, true, "the message names the doff")
check.eq(session.state, "paused", "the session pauses")
check.eq(#session_errors, 0, "no session error: the session lives")

glasses:don()
wait(0.1)
check.eq(session.state, "started", "put back on, the session resumes")
check.eq(cam.state, "stopped", "the camera does not restart by itself")
cam:start()
check.eq(cam.state, "streaming", "the script starts it again")

glasses:doff()
wait(4)
check.eq(cam.state, "stopped", "taken off again: the camera stops again")
check.eq(#stream_errors, 2, "with one hingesClosed each time")
wait(30)
check.eq(session.state, "stopped", "not worn for long, the session ends")
check.eq(session_errors[1] and session_errors[1].code, "unexpectedError", "the session says the device ended it")
check.eq(#stream_errors, 2, "a stopped camera reports nothing more")
print("ok")
exit(0)
