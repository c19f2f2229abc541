package.path = arg[0]:match("(.*/)") .. "?.lua;" .. package.path
-- The registration request as a flow: the Meta AI app shows it and waits for the user,
-- who continues it (registered) or cancels it (RegistrationError.unknown).
local check = require "check"

mock.reset{}
mock.companion.hold_next("registration")
local attempt = spawn(function() return pcall(wearables.register) end)
wait(5)
check.eq(wearables.registration_state(), "registering", "waiting for the user")
mock.companion.cancel_request("registration")
local ok, err = attempt:join()
check.eq(ok, false, "a cancelled request fails")
check.eq(tostring(err):match("^[%w.]+"), "RegistrationError.unknown", "the cancel's error")
check.eq(wearables.registration_state(), "available", "back to available")

mock.companion.hold_next("registration")
attempt = spawn(function() return pcall(wearables.register) end)
wait(5)
mock.companion.continue_request("registration")
check.eq(attempt:join(), true, "a continued request registers")
check.eq(wearables.registration_state(), "registered", "registered")

-- Unregistration likewise; an answer with nothing waiting is refused by name.
check.raises(function() mock.companion.continue_request("unregistration") end,
  "mock.no_request: no unregistration request waits", "nothing to answer")
mock.companion.hold_next("unregistration")
attempt = spawn(function() return pcall(wearables.unregister) end)
wait(1)
mock.companion.continue_request("unregistration")
check.eq(attempt:join(), true, "a continued unregistration")
check.eq(wearables.registration_state(), "available", "unregistered")

-- Answered after the model gave up (60 s): the app registers all the same, late.
mock.companion.hold_next("registration")
check.raises(wearables.register, "RegistrationError.unknown", "given up after 60 s")
mock.companion.continue_request("registration")
wait(0)
check.eq(wearables.registration_state(), "registered", "a late answer still registers")
print("ok")
exit(0)
