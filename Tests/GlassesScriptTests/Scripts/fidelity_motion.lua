package.path = arg[0]:match("(.*/)") .. "?.lua;" .. package.path
-- DAT 1.0 Motion (MWDATMotion): added stopped, start()/stop(), 5-60 Hz, 256 buffered.
-- compare-connected: --speed 5 (the link's end reaches a connected client a round trip after
-- the mock's reply; at 20x a loaded machine's round trip spans a 5 Hz sample, which the client
-- then reads before the end)
local check = require "check"
local dir = arg[0]:match("(.*/)") .. "motion/"

local glasses = mock.paired()[1]
local session = wearables.session()
check.raises(function() session:motion{} end, "sessionIdle", "before started")
session:start()
local err = check.raises(function() session:motion{rate = 50} end, "hz60", "50 Hz is refused with the list")
check.eq(tostring(err):find("\n"), nil, "one line")
check.raises(function() session:motion{rate = "hz100"} end, "hz5", "hz100 refused")
check.raises(function() session:motion{sensors = {"barometer"}} end, "magnetometer", "unknown sensor")

local m = session:motion{rate = 30}
check.eq(m.state, "stopped", "added stopped")
check.eq(m.config.rate, "hz30", "rate")
check.raises(function() session:motion{} end, "capabilityAlreadyActive", "twice")
m:start()
check.eq(m.state, "started", "started")
local s = m:next_sample(1)
check.eq(s.source, "glasses", "the default feed is the glasses")
check.eq(math.abs(s.accelerometer.x - 9.80665) < 1e-6, true, "level: gravity on +X")
check.eq(s.magnetometer, nil, "no magnetometer unless fed")
local s2 = m:next_sample(1)
check.eq(math.abs(s2.timestamp_ns - s.timestamp_ns - 33333333) <= 1, true, "30 Hz: 1/30 s apart")

-- Nobody reads for 20 s: the newest 256 wait.
wait(20)
local first = m:next_sample(0)
check.eq(m.dropped, 600 - 256, "older samples dropped")
check.eq(first ~= nil, true, "buffered")

-- A pose, and a listener.
glasses.motion:feed{pose = "nodding"}
check.eq(glasses.motion.pose, "nodding", "pose")
local peak = 0
local h = m:on("sample", function(x) peak = math.max(peak, math.abs(x.gyroscope.y)) end)
wait(1)
h:cancel()
check.eq(peak > 0.5, true, "a nod turns the head: " .. peak)

-- CSV: DAT's columns and units; bad files get one line each.
glasses.motion:feed(dir .. "nod.csv")
check.eq(glasses.motion.pose, nil, "a recording plays")
for _ = 1, 300 do m:next_sample(0) end
local r = m:next_sample(1)
check.eq(r.accelerometer ~= nil, true, "recorded accelerometer")
for name, pattern in pairs{missing_columns = "lacks gyroX", nan = "not a finite number", out_of_order = "not after"} do
  local e = check.raises(function() glasses.motion:feed(dir .. name .. ".csv") end, pattern, name)
  check.eq(tostring(e):find("\n"), nil, name .. ": one line")
end

-- Stop, restart, pause, remove.
m:stop()
check.eq(m.state, "stopped", "stopped")
local none = m:next_sample(0.2)
m:start()
check.eq(m:next_sample(1) ~= nil, true, "restarted")
session:remove_motion()
check.raises(function() m:next_sample(0) end, "capabilityClosed", "removed")
check.raises(function() session:remove_motion() end, "capabilityNotFound", "remove twice")
local m2 = session:motion{rate = "hz5", sensors = {"accelerometer"}}
m2:start()
local only = m2:next_sample(1)
check.eq(only.gyroscope, nil, "sensors= keeps the accelerometer only")
glasses:power_off()
check.raises(function() m2:next_sample(1) end, "MotionError", "link loss ends it")

-- Glasses without motion sensors (mock.pair{imu = false}): sensorUnavailable at start.
local bare = mock.pair("rayBanMeta", {imu = false})
local s3 = wearables.session(wearables.specific_selector(bare.id))
s3:start()
local m3 = s3:motion{}
check.raises(function() m3:start() end, "sensorUnavailable", "no IMU")
check.eq(m3.state, "stopped", "no IMU: stays stopped")
print("ok")
exit(0)
