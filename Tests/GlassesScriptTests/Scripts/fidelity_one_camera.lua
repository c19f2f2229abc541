package.path = arg[0]:match("(.*/)") .. "?.lua;" .. package.path
-- DAT: one camera per session (DeviceSessionError.capabilityAlreadyActive), also
-- before the first camera has started. The camera stays attached until it is detached
-- (DAT 1.0 Camera.stop(); here session:remove_camera()): a stopped stream keeps the slot.
local check = require "check"

local session = wearables.session()
session:start()
local first = session:camera{ resolution = "low", fps = 15 }
check.raises(function() session:camera{} end, "DeviceSessionError.capabilityAlreadyActive",
  "a second camera while the first has not started")
first:start()
check.raises(function() session:camera{} end, "DeviceSessionError.capabilityAlreadyActive",
  "a second camera while the first streams")
first:stop()
check.raises(function() session:camera{} end, "DeviceSessionError.capabilityAlreadyActive",
  "a second camera while the first is attached with its stream stopped")
first:start()
check.eq(first.state, "streaming", "the attached camera streams again")
session:remove_camera()
local second = session:camera{ resolution = "low", fps = 15 }
second:start()
check.raises(function() first:start() end, "DeviceSessionError.capabilityNotFound",
  "restarting the detached camera")
check.eq(second.state, "streaming", "the session's one camera")
check.eq(first.state, "stopped", "the detached camera")
session:stop()
print("ok")
exit(0)
