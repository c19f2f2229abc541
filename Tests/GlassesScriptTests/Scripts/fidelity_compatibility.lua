package.path = arg[0]:match("(.*/)") .. "?.lua;" .. package.path
-- Device compatibility: glasses that need a firmware update (deviceUpdateRequired)
-- or a newer SDK (sdkUpdateRequired) show it and take no sessions.
local check = require "check"

local glasses = mock.paired()[1]
local device = glasses.device
check.eq(device.compatibility, "compatible", "ready glasses")
local seen, record = check.recorder()
device:on("compatibility", record)
for _, value in ipairs{ "deviceUpdateRequired", "sdkUpdateRequired" } do
  glasses:set_compatibility(value)
  check.eq(device.compatibility, value, value)
  local session = wearables.session()
  check.raises(function() session:start() end, "DeviceSessionError.noEligibleDevice", value .. ": no session")
end
glasses:set_compatibility("compatible")
wait(0)
check.seq(seen, { "compatible", "deviceUpdateRequired", "sdkUpdateRequired", "compatible" }, "compatibility events")
local session = wearables.session()
session:start()
check.eq(session.state, "started", "compatible again")
session:stop()
print("ok")
exit(0)
