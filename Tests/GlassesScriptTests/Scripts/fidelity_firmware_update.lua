package.path = arg[0]:match("(.*/)") .. "?.lua;" .. package.path
-- The firmware update flow, the fix for deviceUpdateRequired: the glasses install it
-- off the link for 30 s (a running session ends), then come back compatible.
local check = require "check"

local glasses = mock.paired()[1]
local device = glasses.device
local session = wearables.session()
session:start()
local errors, record = check.recorder()
local listening = session:on("error", function(e) record(tostring(e):match("^[%w.]+")) end)
glasses:set_compatibility("deviceUpdateRequired")
check.eq(session.state, "started", "a running session is not cut by the flag alone")
glasses:update_firmware()
check.eq(session:wait_for("stopped", 5), true, "installing ends the session")
check.eq(device.link, "disconnected", "off the link while installing")
wait(29)
check.eq(device.compatibility, "deviceUpdateRequired", "still installing")
check.raises(function() wearables.session():start() end, "noEligibleDevice", "no session while installing")
wait(3) -- done 30 s after it began, connected 1 s later
check.eq(device.compatibility, "compatible", "updated")
check.eq(device.link, "connected", "back on the link")
check.raises(function() wearables.session():start() end, "noEligibleDevice",
  "Developer Mode toggles off after firmware updates (the debugging skill)")
mock.paired()[1]:set_developer_mode(true)
wait(2.5)
local again = wearables.session()
again:start()
check.eq(again.state, "started", "sessions work again once it is back on")
again:stop()
check.seq(errors, {}, "no DeviceSessionError: deviceNotConnected is its stream's")
listening:cancel()

-- Glasses unpaired while installing stay gone.
glasses:update_firmware()
glasses:unpair()
wait(31)
check.eq(#wearables.devices(), 0, "an unpaired pair does not come back when its update ends")
print("ok")
exit(0)
