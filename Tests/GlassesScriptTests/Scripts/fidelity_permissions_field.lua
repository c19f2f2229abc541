package.path = arg[0]:match("(.*/)") .. "?.lua;" .. package.path
-- Permissions as integrators meet them: unavailable with no glasses connected; the Meta AI app's "Allow once" grants a permission
-- for one session; Developer Mode is per device (on by default here; a firmware update turns
-- it off), and off the glasses take no sessions (an implicit stream waits in waitingForDevice)
-- and permission requests fail (the debugging skill's symptoms).
local check = require "check"

local glasses = mock.paired()[1]

-- With every pair disconnected the camera permission is not available; it is granted
-- again on reconnect. A short drop still only pauses a stream.
check.eq(wearables.permission("camera"), "granted", "granted with the glasses connected")
glasses:power_off()
check.eq(wearables.permission("camera"), "denied", "not available with no glasses connected")
glasses:power_on()
wait(1.5)
check.eq(wearables.permission("camera"), "granted", "granted again on reconnect")
local dropping = wearables.stream{ resolution = "low", fps = 15 }
dropping:start()
glasses:disconnect(3)
wait(1)
check.eq(wearables.permission("camera"), "denied", "unavailable during the drop")
check.eq(dropping.state, "paused", "the stream pauses, it does not fail")
wait(4)
check.eq(dropping.state, "streaming", "and resumes")
dropping:stop()
wait(2.5)
check.raises(function() mock.permissions.on_request("camera", "allowTwice") end, "allowOnce", "answers are checked, naming the valid ones")

-- Allow once: granted now and for the next session, gone when it ends.
mock.permissions.set("camera", "denied")
mock.permissions.on_request("camera", "allowOnce")
check.eq(wearables.request_permission("camera"), "granted", "allow once grants")
check.eq(wearables.permission("camera"), "granted", "for now")
local session = wearables.session()
session:start()
local cam = session:camera{ resolution = "low", fps = 15 }
cam:start()
check.eq(cam.state, "streaming", "the session uses it")
session:stop()
wait(0)
check.eq(wearables.permission("camera"), "denied", "the session's end takes it back")
wait(2.5)
local again = wearables.session()
again:start()
local cam2 = again:camera{ resolution = "low", fps = 15 }
check.raises(function() cam2:start() end, "StreamError.permissionDenied", "the next session needs it again")
again:stop()

-- Developer Mode off: sessions refused, implicit streams wait, permission requests fail.
mock.permissions.set("camera", "granted")
mock.permissions.on_request("camera", "granted")
wait(2.5)
glasses:set_developer_mode(false)
check.raises(function() wearables.session():start() end, "DeviceSessionError.noEligibleDevice", "no session without Developer Mode")
local implicit = wearables.stream{ resolution = "low", fps = 15 }
local waiting = spawn(function() return pcall(implicit.start, implicit) end)
wait(10)
check.eq(implicit.state, "waitingForDevice", "an implicit stream waits for the device")
check.raises(function() wearables.request_permission("camera") end, "PermissionError.internalError", "permission requests fail")
implicit:stop()
waiting:join()
glasses:set_developer_mode(true)
wait(2.5)
local working = wearables.session()
working:start()
check.eq(working.state, "started", "Developer Mode back on: sessions work")
working:stop()

-- A firmware update turns Developer Mode off.
wait(2.5)
glasses:update_firmware()
wait(40)
check.eq(glasses.device.link, "connected", "back after the update")
check.raises(function() wearables.session():start() end, "DeviceSessionError.noEligibleDevice", "Developer Mode is off after a firmware update")
glasses:set_developer_mode(true)
wait(2.5)
local fixed = wearables.session()
fixed:start()
check.eq(fixed.state, "started", "re-enabled, sessions work")
fixed:stop()
print("ok")
exit(0)
