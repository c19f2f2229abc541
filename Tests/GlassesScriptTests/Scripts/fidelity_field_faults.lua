package.path = arg[0]:match("(.*/)") .. "?.lua;" .. package.path
-- Field failures no MockDeviceKit call stages, injectable by hand and drawn by mock.chaos:
-- sessionEnded (ios#301: the device ends a worn, connected session; DAT iOS reports it as
-- DeviceSessionError.unexpectedError, "Session ended by device").
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

-- mock.chaos draws it; the schedule is the seed's.
wait(3)
local again = wearables.session()
again:start()
local faults = mock.chaos{rates = {session_ended = 60}, span = 600}
check.eq(#faults > 0, true, "chaos draws session_ended faults")
for _, f in ipairs(faults) do check.eq(f.kind, "session_ended", "only the kind asked for") end
wait(faults[1].t - now() + 0.01)
check.eq(again.state, "stopped", "a drawn fault ends the session")
print("ok")
