package.path = arg[0]:match("(.*/)") .. "?.lua;" .. package.path
-- The Meta AI app's own update, the fix for sdkUpdateRequired (DAT: openDATGlassesAppUpdate
-- sends the user there): 20 s of virtual time, then compatible, a compatibility event,
-- and sessions start again. The firmware's deviceUpdateRequired is not its to fix.
local check = require "check"

local glasses = mock.paired()[1]
local device = glasses.device
local seen, record = check.recorder()
local listening = device:on("compatibility", record)
glasses:set_compatibility("sdkUpdateRequired")
check.raises(function() wearables.session():start() end, "DeviceSessionError.noEligibleDevice", "a newer SDK is needed")

mock.companion.update_app()
wait(19)
check.eq(device.compatibility, "sdkUpdateRequired", "still updating")
check.eq(device.link, "connected", "the glasses stay on the link")
check.raises(function() wearables.session():start() end, "DeviceSessionError.noEligibleDevice", "no session while the app updates")
wait(1.5)
check.eq(device.compatibility, "compatible", "updated after 20 s")
local session = wearables.session()
session:start()
check.eq(session.state, "started", "sessions start again")
session:stop()
check.seq(seen, { "compatible", "sdkUpdateRequired", "compatible" }, "compatibility events")

glasses:set_compatibility("deviceUpdateRequired")
mock.companion.update_app()
wait(21)
check.eq(device.compatibility, "deviceUpdateRequired", "the app's update leaves the firmware's need alone")
listening:cancel()

mock.reset{ meta_ai_installed = false }
check.raises(function() mock.companion.update_app() end, "meta_ai_not_installed", "no Meta AI app to update")
print("ok")
