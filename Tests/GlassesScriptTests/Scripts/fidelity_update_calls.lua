package.path = arg[0]:match("(.*/)") .. "?.lua;" .. package.path
-- DAT 1.0's app-side update calls: Wearables.openFirmwareUpdate() and
-- openDATGlassesAppUpdate() hand the user to the Meta AI app and return once it
-- opened (async throws(NavigationError)). The update runs there: the firmware's
-- 30 s off the link, the app's 20 s, then the glasses are compatible again.
local check = require "check"

local glasses = mock.paired()[1]
local device = glasses.device
local seen, record = check.recorder()
local listening = device:on("compatibility", record)

-- Nothing to install: the screen opens, the glasses stay on the link.
check.eq(select("#", wearables.open_firmware_update()), 0, "returns nothing once the app opened")
wait(1)
check.eq(device.link, "connected", "compatible glasses are not updated")

-- deviceUpdateRequired: the firmware update fixes it.
glasses:set_compatibility("deviceUpdateRequired")
check.raises(function() wearables.session():start() end, "DeviceSessionError.noEligibleDevice", "a firmware update is needed")
wearables.open_firmware_update()
check.eq(device.compatibility, "deviceUpdateRequired", "the app opened; the update has only begun")
wait(5)
check.eq(device.link, "disconnected", "installing off the link")
check.eq(device.compatibility, "deviceUpdateRequired", "still installing")
wait(27) -- done 30 s after it began, connected 1 s later
check.eq(device.compatibility, "compatible", "the firmware update fixed it")
check.eq(device.link, "connected", "back on the link")
mock.paired()[1]:set_developer_mode(true) -- a firmware update turns Developer Mode off
local session = wearables.session()
session:start()
check.eq(session.state, "started", "sessions start again after the firmware update")
session:stop()

-- The DAT app update destination updates the DAT app on the glasses
-- (datAppOnTheGlassesUpdateRequired), the glasses staying on the link; sdkUpdateRequired
-- is not its to fix (the app must ship with a newer SDK).
glasses:set_glasses_app("updateRequired")
wait(2.5) -- the glasses' restart rule
check.raises(function() wearables.session():start() end, "DeviceSessionError.datAppOnTheGlassesUpdateRequired", "an app update is needed")
check.eq(select("#", wearables.open_glasses_app_update()), 0, "returns nothing once the app opened")
wait(20.5)
check.eq(device.link, "connected", "the glasses stay on the link")
wait(2.5)
session = wearables.session()
session:start()
check.eq(session.state, "started", "sessions start again after the app update")
session:stop()
glasses:set_compatibility("sdkUpdateRequired")
wearables.open_glasses_app_update()
wait(21)
check.eq(device.compatibility, "sdkUpdateRequired", "the app update does not fix sdkUpdateRequired")
check.seq(seen, { "compatible", "deviceUpdateRequired", "compatible", "sdkUpdateRequired" }, "compatibility events")
listening:cancel()

-- An unregistered app cannot open them: NavigationError.notRegistered.
wearables.unregister()
local err = check.raises(wearables.open_firmware_update, "NavigationError.notRegistered", "firmware, unregistered")
check.eq(err.domain, "NavigationError", "the error's domain")
check.eq(err.code, "notRegistered", "the error's code")
check.raises(wearables.open_glasses_app_update, "NavigationError.notRegistered", "app update, unregistered")

-- No Meta AI app on the phone: NavigationError.metaAINotInstalled.
mock.reset{ meta_ai_installed = false }
check.raises(wearables.open_firmware_update, "NavigationError.metaAINotInstalled", "firmware, no Meta AI app")
err = check.raises(wearables.open_glasses_app_update, "NavigationError.metaAINotInstalled", "app update, no Meta AI app")
check.eq(err.code, "metaAINotInstalled", "the error's code")
print("ok")
exit(0)
