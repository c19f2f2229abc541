package.path = arg[0]:match("(.*/)") .. "?.lua;" .. package.path
-- MockDeviceKit's disable() and enable(config:): disabled, the mock's glasses are
-- gone (sessions on them end) and mock calls fail until mock.enable{} turns it on.
local check = require "check"

local session = wearables.session()
session:start()
mock.disable()
check.eq(session:wait_for("stopped", 5), true, "the session on the mock's glasses ends")
check.eq(#wearables.devices(), 0, "no devices")
check.eq(#mock.paired(), 0, "nothing paired")
local err = check.raises(function() mock.pair() end, "mock.disabled: .*mock.enable", "pairing while disabled")
check.eq(err.code, "disabled", "the refusal's code")
check.raises(function() mock.permissions.set("camera", "granted") end, "mock.disabled", "any mock call")
mock.disable() -- already disabled: nothing more to do

mock.enable{ registered = true, permissions = { camera = "granted" } }
check.eq(wearables.registration_state(), "registered", "enabled as configured")
local glasses = mock.pair()
check.eq(#wearables.devices(), 1, "the mock takes calls again")
check.eq(wearables.permission("camera"), "granted", "with the configured permissions")
check.raises(function() mock.enable{ registerd = true } end, "unknown field 'registerd'", "enable checks its options as reset does")
check.eq(glasses.device.link, "connected", "the new pair")
print("ok")
exit(0)
