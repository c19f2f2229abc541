package.path = arg[0]:match("(.*/)") .. "?.lua;" .. package.path
-- DAT: one camera per session (DeviceSessionError.capabilityAlreadyActive), also
-- before the first camera has started; a camera that stopped gives up the slot.
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
local second = session:camera{ resolution = "low", fps = 15 }
second:start()
check.raises(function() first:start() end, "DeviceSessionError.capabilityAlreadyActive",
  "restarting a camera another one replaced")
check.eq(second.state, "streaming", "the session's one camera")
check.eq(first.state, "stopped", "the replaced camera")
session:stop()
print("ok")
