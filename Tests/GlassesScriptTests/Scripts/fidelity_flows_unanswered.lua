package.path = arg[0]:match("(.*/)") .. "?.lua;" .. package.path
-- Flows the Meta AI app never answers (the user leaves it) and permission requests
-- it fails: the model's timeouts and DAT's PermissionError cases.
local check = require "check"

-- Registration stays `registering` until the model gives up after 60 s (unknown).
mock.reset{}
mock.companion.fail_next("registration", "timeout")
local states, record = check.recorder()
local listening = wearables.on("registration", record)
local started = now()
local err = check.raises(wearables.register, "RegistrationError.unknown", "an unanswered registration")
check.near(now() - started, 60, "given up after 60 s")
wait(0)
check.seq(states, { "available", "registering", "available" }, "registration states")
listening:cancel()
wearables.register()
check.eq(wearables.registration_state(), "registered", "the next registration is answered")

-- Unregistration likewise.
mock.companion.fail_next("unregistration", "timeout")
started = now()
check.raises(wearables.unregister, "UnregistrationError.unknown", "an unanswered unregistration")
check.near(now() - started, 60, "unregistration given up after 60 s")
check.eq(wearables.registration_state(), "registered", "still registered")
check.raises(function() mock.companion.fail_next("registration", "never") end, "timeout", "the codes listed")

-- Permission requests the app fails.
local glasses = mock.pair()
wait(2)
mock.permissions.on_request("camera", "internalError")
check.raises(function() wearables.request_permission("camera") end, "PermissionError.internalError", "internalError")
mock.permissions.on_request("camera", "connectionError")
check.raises(function() wearables.request_permission("camera") end, "PermissionError.connectionError", "connectionError")

-- The cause of connectionError: the glasses drop while the app asks them.
mock.permissions.on_request("camera", "granted")
local asking = spawn(function() return pcall(wearables.request_permission, "camera") end)
wait(0.5)
glasses:disconnect(5)
local ok, lost = asking:join()
check.eq(ok, false, "a request whose glasses dropped")
check.eq(lost.code, "connectionError", "the request lost its glasses")
check.eq(wearables.permission("camera"), "denied", "nothing granted")
print("ok")
exit(0)
