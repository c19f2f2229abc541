package.path = arg[0]:match("(.*/)") .. "?.lua;" .. package.path
-- The glasses' health is checked when a session or stream starts, not only when it
-- changes under one.
local check = require "check"

local glasses = mock.paired()[1]
glasses:set_thermal("critical")
local hot = wearables.session()
check.raises(function() hot:start() end, "DeviceSessionError.thermalCritical", "a session at thermal critical")
check.eq(hot.state, "stopped", "the refused session")
glasses:set_thermal("emergency")
check.raises(function() wearables.session():start() end, "DeviceSessionError.thermalEmergency", "at thermal emergency")
glasses:set_thermal("none")

glasses:set_battery(3)
check.raises(function() wearables.session():start() end, "DeviceSessionError.batteryCritical", "a session at 3% battery")
local stream = wearables.stream{ resolution = "low", fps = 15 }
check.raises(function() stream:start() end, "StreamError.batteryLow", "a stream at 3% battery")
check.eq(stream.state, "stopped", "the refused stream")

glasses:set_battery(8)
local session = wearables.session()
session:start()
local cam = session:camera{ resolution = "low", fps = 15 }
check.raises(function() cam:start() end, "StreamError.batteryLow", "a camera at 8% battery")
check.eq(session.state, "started", "low battery refuses the camera, not the session")
glasses:set_battery(50)
cam:start()
check.eq(cam.state, "streaming", "once charged")
session:stop()
print("ok")
exit(0)
