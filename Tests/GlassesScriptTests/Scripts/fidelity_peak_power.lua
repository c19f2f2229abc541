package.path = arg[0]:match("(.*/)") .. "?.lua;" .. package.path
-- A power peak: with a good battery the glasses shed the camera (peakPowerLimit)
-- and keep the session; with a weak one (<= 20 %) they end it (peakPowerShutdown).
local check = require "check"

local glasses = mock.paired()[1]

local function stream()
  local session = wearables.session()
  session:start()
  local cam = session:camera{ resolution = "low", fps = 15 }
  cam:start()
  local errors = {}
  session:on("error", function(e) errors[#errors + 1] = tostring(e):match("^[%w.]+") end)
  cam:on("error", function(e) errors[#errors + 1] = tostring(e):match("^[%w.]+") end)
  return session, cam, errors
end

local session, cam, errors = stream()
glasses:peak_power()
wait(0.5)
check.eq(cam.state, "stopped", "the camera stops")
check.eq(session.state, "started", "the session lives on")
check.seq(errors, { "StreamError.peakPowerLimit" }, "errors at 80 %")
session:stop()
wait(2.5) -- the restart rule

glasses:set_battery(20)
session, cam, errors = stream()
glasses:peak_power()
wait(0.5)
check.eq(cam.state, "stopped", "the camera stops on a weak battery")
check.eq(session.state, "stopped", "the session ends on a weak battery")
table.sort(errors)
check.seq(errors, { "DeviceSessionError.peakPowerShutdown", "StreamError.peakPowerLimit" }, "errors at 20 %")
print("ok")
exit(0)
