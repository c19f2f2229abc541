package.path = arg[0]:match("(.*/)") .. "?.lua;" .. package.path
-- The backEndsDisplay field report (BirdSpotter, BS-Sess; off by default): a Back gesture the app
-- does not consume goes to the glasses, which end the session holding a started display
-- (DeviceSessionError.unexpectedError, as a session the device ends). Embedded only: over
-- --connect the served glasses are not told the client's Inputs (watch_inputs is not carried
-- to them), so they would take every Back as unconsumed.
local check = require "check"

local g = mock.pair("metaRayBanDisplay")
local function displaySession()
  local s = wearables.session(wearables.specific_selector(g.device))
  s:start()
  local d = s:display()
  d:start()
  d:show{type = "flexbox", children = {{type = "text", content = "hi"}}}
  return s, d
end

-- Off (the default): a Back changes nothing.
local s = displaySession()
g.input:back()
wait(1)
check.eq(s.state, "started", "off: Back leaves the session")

mock.set_field_report("backEndsDisplay", true)
-- Consumed by the app's Inputs (consume_back defaults to true): the glasses never see it.
local inputs = s:inputs{}
inputs:wait_for("active")
g.input:back()
local ev = inputs:next_input{timeout = 1}
check.eq(ev.type, "back", "the app got the Back")
wait(1)
check.eq(s.state, "started", "consumed: the session goes on")
s:remove_inputs()

-- Not consumed (no Inputs): the session ends.
local errors = {}
s:on("error", function(e) errors[#errors + 1] = tostring(e):match("^[%w.]+") end)
g.input:back()
wait(1)
check.eq(s.state, "stopped", "an unconsumed Back ends the display session")
check.seq(errors, {"DeviceSessionError.unexpectedError"}, "as the device ending it")

-- consume_back = false leaves it to the glasses likewise.
wait(3)
s = displaySession()
inputs = s:inputs{consume_back = false}
inputs:wait_for("active")
g.input:back()
wait(1)
check.eq(s.state, "stopped", "consume_back=false: the glasses end it")

-- Without a started display, Back ends nothing.
wait(3)
s = wearables.session(wearables.specific_selector(g.device))
s:start()
g.input:back()
wait(1)
check.eq(s.state, "started", "no display: nothing ends")
s:stop()

-- The backGesture field fault (what chaos draws) does it whatever the switch.
mock.set_field_report("backEndsDisplay", false)
wait(3)
s = displaySession()
g:field_fault("backGesture")
wait(1)
check.eq(s.state, "stopped", "the backGesture fault")
print("ok")
exit(0)
