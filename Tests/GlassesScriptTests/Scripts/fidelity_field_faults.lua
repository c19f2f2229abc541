package.path = arg[0]:match("(.*/)") .. "?.lua;" .. package.path
-- Field failures no MockDeviceKit call stages, injectable by hand and drawn by mock.chaos:
-- sessionEnded (ios#301: the device ends a worn, connected session; DAT iOS reports it as
-- DeviceSessionError.unexpectedError, "Session ended by device"); startInternalError
-- (ios#214: a start hangs in `starting` about 5 s, then StreamError.internalError);
-- orphanedCamera (ios#131: `streaming` without frames, then internalError on every start
-- until a power cycle).
local check = require "check"

local glasses = mock.paired()[1]
check.raises(function() glasses:field_fault("sessionEnd") end, "sessionEnded", "an unknown kind is refused naming the valid ones")
check.raises(function() glasses:field_fault() end, "field_fault", "the kind is required")

local session = wearables.session()
session:start()
local cam = session:camera{ resolution = "low", fps = 15 }
cam:start()
local errors = {}
session:on("error", function(err) errors[#errors + 1] = tostring(err):match("^[%w.]+") end)
glasses:field_fault("sessionEnded")
wait(0)
check.eq(session.state, "stopped", "the device ended the session")
check.eq(cam.state, "stopped", "and the stream with it")
check.seq(errors, { "DeviceSessionError.unexpectedError" }, "reported as DAT iOS does")
check.eq(glasses.device.link, "connected", "the glasses stay connected")
check.eq(glasses.device.don, "donned", "and worn")

-- startInternalError: the next start hangs in starting, then fails; the one after works.
wait(3)
local session2 = wearables.session()
session2:start()
local cam2 = session2:camera{ resolution = "low", fps = 15 }
glasses:field_fault("startInternalError")
local states, record = check.recorder()
cam2:on("state", record)
local t0 = now()
check.raises(function() cam2:start() end, "StreamError.internalError", "the hung start fails")
check.near(now() - t0, 5, "after 5 s in starting")
wait(0)
check.seq(states, { "stopped", "starting", "stopping", "stopped" }, "starting, then stopped")
check.eq(session2.state, "started", "the session lives")
cam2:start()
check.eq(cam2.state, "streaming", "the next start works")

-- orphanedCamera: streaming on without frames; every start fails until a power cycle.
local frames = 0
cam2:on("frame", function() frames = frames + 1 end)
wait(1)
check.eq(frames > 0, true, "frames before")
glasses:field_fault("orphanedCamera")
wait(0.2)
frames = 0
wait(5)
check.eq(cam2.state, "streaming", "an orphaned camera still says streaming")
check.eq(frames, 0, "without a frame")
cam2:stop()
for attempt = 1, 2 do
  check.raises(function() cam2:start() end, "StreamError.internalError", "start " .. attempt .. " on an orphaned camera")
end
session2:stop()
glasses:power_off()
glasses:power_on()
wait(3)
local session3 = wearables.session()
session3:start()
local cam3 = session3:camera{ resolution = "low", fps = 15 }
cam3:start()
check.eq(cam3:next_frame(1) ~= nil, true, "a power cycle frees the camera")
session3:stop()

-- mock.chaos draws them; the schedule is the seed's.
check.raises(function() mock.chaos{rates = {orphaned = 1}} end, "orphaned_camera", "chaos names its kinds")
wait(3)
local again = wearables.session()
again:start()
local faults = mock.chaos{rates = {session_ended = 60}, span = 600}
check.eq(#faults > 0, true, "chaos draws session_ended faults")
for _, f in ipairs(faults) do check.eq(f.kind, "session_ended", "only the kind asked for") end
wait(faults[1].t - now() + check.latency)
check.eq(again.state, "stopped", "a drawn fault ends the session")
print("ok")
exit(0)
