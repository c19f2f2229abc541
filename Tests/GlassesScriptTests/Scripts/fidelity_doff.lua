package.path = arg[0]:match("(.*/)") .. "?.lua;" .. package.path
-- Taken off mid-stream, the glasses pause the session and later end it; DAT reports
-- the end as DeviceSessionError.unexpectedError ("Session ended by device").
local check = require "check"

local glasses = mock.paired()[1]
local session = wearables.session()
session:start()
local cam = session:camera{ resolution = "low", fps = 15 }
cam:start()
local errors = {}
session:on("error", function(err) errors[#errors + 1] = err end)
glasses:doff()
wait(4)
check.eq(session.state, "paused", "not worn, the session pauses")
check.eq(cam.state, "paused", "and the camera")
check.eq(#errors, 0, "a pause is not an error")
wait(30)
check.eq(session.state, "stopped", "not worn for long, the session ends")
check.eq(cam.state, "stopped", "and the camera")
check.eq(errors[1] and errors[1].code, "unexpectedError", "the session says the device ended it")
check.eq(tostring(errors[1]):find("taken off", 1, true) ~= nil, true, "the message names the likely cause")
check.eq(glasses.device.don, "doffed", "the device field tells the script why")
print("ok")
