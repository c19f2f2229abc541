package.path = arg[0]:match("(.*/)") .. "?.lua;" .. package.path
-- The DAT app on the glasses (DAT 1.0 DeviceSessionError): updateRequired refuses a session
-- with datAppOnTheGlassesUpdateRequired, fixed by the DAT app update destination
-- (wearables.open_glasses_app_update(), or mock.companion.update_app(): 20 s); outOfStuRange
-- is a non-blocking warning (dwaOutOfStuRange) on a session that starts; unavailable is
-- dwaUnavailable; sdkTooOld is insufficientSDKVersion, terminal: no update fixes it. The
-- app update fixes neither sdkUpdateRequired (the app must ship with a newer SDK) nor the
-- firmware's deviceUpdateRequired.
local check = require "check"

local glasses = mock.paired()[1]
local device = glasses.device
check.raises(function() glasses:set_glasses_app("old") end, "updateRequired", "states are checked, naming the valid ones")

-- updateRequired: refused at start, fixed by the app update.
glasses:set_glasses_app("updateRequired")
local refused = wearables.session()
local states, record = check.recorder()
refused:on("state", record)
check.raises(function() refused:start() end, "DeviceSessionError.datAppOnTheGlassesUpdateRequired", "an update is required")
wait(0)
check.seq(states, { "idle", "starting", "stopped" }, "refused while starting")
wearables.open_glasses_app_update()
wait(19)
check.raises(function() wearables.session():start() end, "datAppOnTheGlassesUpdateRequired", "still updating")
wait(1.5)
local session = wearables.session()
session:start()
check.eq(session.state, "started", "updated: sessions start")
session:stop()

-- outOfStuRange: the session starts, with a warning on its error channel.
glasses:set_glasses_app("outOfStuRange")
wait(2.5)
local warned = wearables.session()
local errors = {}
warned:on("error", function(err) errors[#errors + 1] = tostring(err):match("^[%w.]+") end)
warned:start()
wait(1)
check.eq(warned.state, "started", "a non-blocking warning")
check.seq(errors, { "DeviceSessionError.dwaOutOfStuRange" }, "dwaOutOfStuRange")
warned:stop()

-- unavailable and sdkTooOld refuse sessions; an app update fixes neither.
for _, case in ipairs{ { "unavailable", "dwaUnavailable" }, { "sdkTooOld", "insufficientSDKVersion" } } do
  local state, code = case[1], case[2]
  glasses:set_glasses_app(state)
  wait(2.5)
  check.raises(function() wearables.session():start() end, "DeviceSessionError." .. code, state)
end
mock.companion.update_app()
wait(21)
wait(2.5)
check.raises(function() wearables.session():start() end, "DeviceSessionError.insufficientSDKVersion", "terminal: the app update does not fix it")
glasses:set_glasses_app("current")

-- The compatibility values are not the app update's to fix.
for _, need in ipairs{ "sdkUpdateRequired", "deviceUpdateRequired" } do
  glasses:set_compatibility(need)
  mock.companion.update_app()
  wait(21)
  check.eq(device.compatibility, need, need .. " is left alone by the DAT app update")
end
glasses:set_compatibility("compatible")

mock.reset{ meta_ai_installed = false }
check.raises(function() mock.companion.update_app() end, "meta_ai_not_installed", "no Meta AI app to update")
print("ok")
exit(0)
