-- Registration and permission flows through the simulated Meta AI app (empty world).
package.path = arg[0]:match("(.*/)") .. "?.lua;" .. package.path
local check = require "check"

check.eq(wearables.registration_state(), "available", "initial registration")
local states, record = check.recorder()
wearables.on("registration", record)

mock.companion.fail_next("registration", "networkUnavailable")
local err = check.raises(wearables.register, "RegistrationError.networkUnavailable", "failing register")
check.eq(err.domain, "RegistrationError", "error domain")
check.eq(err.code, "networkUnavailable", "error code")

wearables.register()
check.eq(wearables.registration_state(), "registered", "after register")
check.raises(wearables.register, "alreadyRegistered", "second register")

mock.pair("rayBanMeta")
check.eq(wearables.permission("camera"), "denied", "camera before request")
mock.permissions.on_request("camera", "denied")
check.eq(wearables.request_permission("camera"), "denied", "denied answer")
mock.permissions.on_request("camera", "granted")
check.eq(wearables.request_permission("camera"), "granted", "granted answer")
check.eq(wearables.permission("camera"), "granted", "camera after grant")

-- Asked twice while the first request is open: requestInProgress.
mock.permissions.on_request("microphone", "timeout")
local first = spawn(function() return pcall(wearables.request_permission, "microphone") end)
wait(0.1)
check.raises(function() wearables.request_permission("microphone") end, "requestInProgress", "second request")
local ok, timeout = first:join()
check.eq(ok, false, "timed-out request")
check.eq(timeout.code, "requestTimeout", "timeout code")

check.raises(function() wearables.permission("location") end, "expected one of: camera, microphone", "bad permission name")

wearables.unregister()
check.eq(wearables.registration_state(), "available", "after unregister")
wait(0)
check.eq(states[1], "available", "listener fires at once")
check.eq(states[#states], "available", "listener saw the unregistration")
print("ok")
