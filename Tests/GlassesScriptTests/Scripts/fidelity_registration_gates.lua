package.path = arg[0]:match("(.*/)") .. "?.lua;" .. package.path
-- Registration gates the glasses: an unregistered app sees no devices, has no
-- permissions and cannot stream; unregistering ends what runs on the glasses.
local check = require "check"

mock.reset{ registered = false, permissions = { camera = "granted" } }
mock.pair()
wait(0)
check.eq(#wearables.devices(), 0, "an unregistered app sees no devices")
check.eq(wearables.permission("camera"), "denied", "nor any permission")
check.raises(function() wearables.request_permission("camera") end, "PermissionError.noDevice", "request_permission")
check.raises(function() wearables.session():start() end, "DeviceSessionError.noEligibleDevice", "session:start()")
local cam = wearables.stream{ resolution = "low", fps = 15 }
local starting = spawn(function() cam:start() end)
wait(5)
check.eq(cam.state, "waitingForDevice", "an implicit stream waits for an eligible device")

wearables.register()
check.eq(#wearables.devices(), 1, "registered, the app sees the glasses")
check.eq(wearables.permission("camera"), "granted", "and its permissions")
starting:join()
check.eq(cam.state, "streaming", "the waiting stream starts")

local errors = {}
cam:on("error", function(err) errors[#errors + 1] = err.code end)
wearables.unregister()
wait(0.5)
check.eq(cam.state, "stopped", "unregistering stops the stream")
check.eq(errors[1], "permissionDenied", "and says why")
check.eq(#wearables.devices(), 0, "the glasses are gone from the app's view")
print("ok")
exit(0)
