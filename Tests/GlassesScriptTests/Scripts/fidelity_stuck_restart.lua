package.path = arg[0]:match("(.*/)") .. "?.lua;" .. package.path
-- Field behaviour (ios#231, #292): restarting a session sooner than 2 s after the last
-- one wedges the glasses. A start on wedged glasses fails fast, within about a second,
-- through starting -> stopping -> stopped with DeviceSessionError.unexpectedError
-- ("Session ended by device"); quick retries keep them wedged, and only a power cycle
-- clears it. An implicit stream on them fails with StreamError.timeout.
local check = require "check"

local glasses = mock.paired()[1]
local first = wearables.session()
first:start()
first:stop()
local again = wearables.session()
local states, record = check.recorder()
again:on("state", record)
local started = now()
check.raises(function() again:start() end, "DeviceSessionError.unexpectedError", "a restart within 2 s")
check.eq(now() - started < 1 + check.latency, true, "the start fails within a second (and the link's latency), not after a timeout")
check.eq(again.state, "stopped", "and raises once the session is stopped")
wait(0) -- the state listener's last call
check.seq(states, {"idle", "starting", "stopping", "stopped"}, "the refused start's states")
check.eq(glasses.stuck, true, "the glasses are stuck")

for attempt = 1, 3 do
  wait(1)
  check.raises(function() wearables.session():start() end, "DeviceSessionError.unexpectedError",
    "quick retry " .. attempt)
end
wait(5)
check.raises(function() wearables.session():start() end, "DeviceSessionError.unexpectedError",
  "a slower retry after quick ones: still wedged")
check.eq(glasses.stuck, true, "retrying does not clear it")

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
exit(0)
