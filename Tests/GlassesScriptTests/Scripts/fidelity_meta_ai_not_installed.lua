package.path = arg[0]:match("(.*/)") .. "?.lua;" .. package.path
-- A phone without the Meta AI app: registration is `unavailable`, and registering,
-- unregistering or asking for a permission fails with metaAINotInstalled.
local check = require "check"

mock.reset{ meta_ai_installed = false }
check.eq(wearables.registration_state(), "unavailable", "registration without the Meta AI app")
local err = check.raises(wearables.register, "RegistrationError.metaAINotInstalled", "register")
check.eq(err.code, "metaAINotInstalled", "register's code")
check.raises(wearables.unregister, "UnregistrationError.metaAINotInstalled", "unregister")
err = check.raises(function() wearables.request_permission("camera") end, "PermissionError.metaAINotInstalled", "request_permission")
check.eq(err.domain, "PermissionError", "request_permission's domain")
check.eq(wearables.registration_state(), "unavailable", "still unavailable")

-- Installing it (a reset that says so) makes registration available again.
mock.reset{ meta_ai_installed = true }
check.eq(wearables.registration_state(), "available", "with the Meta AI app")
wearables.register()
check.eq(wearables.registration_state(), "registered", "registered")
print("ok")
exit(0)
