package.path = arg[0]:match("(.*/)") .. "?.lua;" .. package.path
-- cam:start() on a camera whose session has stopped says what session:start() says,
-- not that the (still connected) glasses are disconnected.
local check = require "check"

local session = wearables.session()
session:start()
local cam = session:camera{ resolution = "low", fps = 15 }
cam:start()
session:stop()
check.eq(mock.paired()[1].device.link, "connected", "the glasses stay connected")
local from_session = check.raises(function() session:start() end, "DeviceSessionError.sessionAlreadyStopped", "session:start()")
local from_camera = check.raises(function() cam:start() end, "DeviceSessionError.sessionAlreadyStopped", "cam:start()")
check.eq(tostring(from_camera), tostring(from_session), "the same error")
check.eq(from_camera.code, "sessionAlreadyStopped", "error code")
print("ok")
exit(0)
