package.path = arg[0]:match("(.*/)") .. "?.lua;" .. package.path
-- Field behaviour: restarting a session sooner than 2 s after the last one leaves the
-- glasses stuck; the start is never answered, so the model gives up after 10 s
-- (DeviceSessionError.unexpectedError; StreamError.timeout for an implicit stream).
-- Power-cycling the glasses clears it.
local check = require "check"

local glasses = mock.paired()[1]
local first = wearables.session()
first:start()
first:stop()
local again = wearables.session()
local started = now()
check.raises(function() again:start() end, "DeviceSessionError.unexpectedError", "a restart within 2 s")
check.eq(now() - started, 10, "given up after 10 s")
check.eq(glasses.stuck, true, "the glasses are stuck")

local cam = wearables.stream{ resolution = "low", fps = 15 }
check.raises(function() cam:start() end, "StreamError.timeout", "an implicit stream on stuck glasses")

glasses:power_off()
check.eq(glasses.stuck, false, "a power cycle clears it")
glasses:power_on()
wait(3)
local fresh = wearables.session()
fresh:start()
check.eq(fresh.state, "started", "sessions work again")
fresh:stop()
print("ok")
