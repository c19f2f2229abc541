package.path = arg[0]:match("(.*/)") .. "?.lua;" .. package.path
-- DAT 1.0 Inputs (MWDATInputs): a session capability, added to a started session,
-- delivering the events of the sources it asked for; 64 buffered, oldest dropped.
local check = require "check"

local glasses = mock.paired()[1]
local session = wearables.session()
-- DAT's Inputs guide: "addInputs(configuration:) returns nil unless the DeviceSession is already
-- .started". Nil here too, with the host's reason beside it; nothing is added.
local none, why = session:inputs{}
check.eq(none, nil, "inputs before started: nil, as DAT")
check.eq(why.domain .. "." .. why.code, "ScriptError.notStarted", "and why")
print(why)
session:start()

-- Bad options: one line naming the allowed values.
local err = check.raises(function() session:inputs{sources = {"captouch", "elbow"}} end, "captureButton", "unknown source")
check.eq(tostring(err):find("\n"), nil, "one line")
check.raises(function() session:inputs{consume_back = "yes"} end, "consume_back", "bad consume_back")
check.raises(function() glasses.input:capture("triplePress") end, "doublePress", "unknown press type")
check.raises(function() glasses.input:nav("forward") end, "left", "unknown direction")
check.raises(function() glasses.input:select("nose") end, "neuralBand", "unknown mock source")
check.raises(function() glasses.input:drag("wiggle") end, "move", "unknown drag action")
check.raises(function() glasses.input:fail("oops") end, "deviceDisconnected", "unknown InputsError")

local inp = session:inputs{sources = {"captouch", "captureButton", "actionButton"}}
check.eq(inp.state, "activating", "adding activates at once")
check.eq(inp.config.consume_back, true, "consume_back defaults to true")
check.eq(#inp.config.sources, 3, "the sources asked for")
check.raises(function() session:inputs{} end, "capabilityAlreadyActive", "a second Inputs")
-- Nothing is delivered before active.
glasses.input:select()
check.eq(inp:wait_for("active", 1), true, "active")
local states, record = check.recorder()
local stateHandle = inp:on("state", record)
check.eq(inp:next_input(0.1), nil, "the event sent while activating was not delivered")

local seen = {}
local inputHandle = inp:on("input", function(ev) seen[#seen + 1] = ev end)
glasses.input:capture("doublePress")
local ev = inp:next_input{timeout = 1}
check.eq(ev.type, "capture", "type")
check.eq(ev.press_type, "doublePress", "press_type")
check.eq(ev.source, "captureButton", "capture comes from the capture button")
check.eq(math.type(ev.timestamp_ms), "integer", "device timestamp in ms")
glasses.input:nav_left()
glasses.input:button()
glasses.input:back()
glasses.input:select("neuralBand") -- not asked for: dropped
glasses.input:drag("move", 0.5, 0.25, 0.1, -0.1) -- neuralBandDrag not asked for: dropped
local n = inp:next_input(1)
check.eq(n.type .. ":" .. n.direction .. ":" .. n.source, "nav:left:captouch", "nav")
local b = inp:next_input(1)
check.eq(b.type .. ":" .. b.button .. ":" .. b.source, "button:action:actionButton", "button")
local back = inp:next_input(1)
check.eq(back.type, "back", "back is consumed by default")
local none, timeout = inp:next_input(0.5)
check.eq(none, nil, "unrequested sources are not delivered")
check.eq(timeout.code, "timeout", "nil, ScriptError.timeout")
check.eq(#seen, 4, "listeners saw the same four events")

-- Buffering: the newest 64 wait, the oldest dropped.
for i = 1, 70 do glasses.input:capture(i % 2 == 0 and "hold" or "shortPress") end
wait(0.1)
check.eq(inp.dropped, 6, "six dropped")
local first = inp:next_input(0)
check.eq(first.press_type, "shortPress", "the 7th press is the oldest kept")
check.eq(inp:next_input(0).press_type, "hold", "then the 8th")
for _ = 3, 64 do inp:next_input(0) end
check.eq(inp:next_input(0), nil, "64 were kept")

-- A paused session delivers nothing.
glasses:tap()
session:wait_for("paused", 1)
glasses.input:select()
check.eq(inp:next_input(0.2), nil, "paused: no events")
check.eq(select(2, session:inputs{}).code, "notStarted", "paused is not started: nil")
glasses:tap()
session:wait_for("started", 1)

-- Remove, then add again with consume_back = false and a drag source.
session:remove_inputs()
check.eq(inp.state, "inactive", "removed: inactive")
check.raises(function() inp:next_input(0) end, "InputsError.connectionClosed", "removed events end")
check.raises(function() session:remove_inputs() end, "capabilityNotFound", "remove twice")
local inp2 = session:inputs{sources = {"captouch", "neuralBandDrag"}, consume_back = false}
inp2:wait_for("active")
glasses.input:back()
glasses.input:drag("down", 0.5, 0.5)
local d = inp2:next_input(1)
check.eq(d.type .. ":" .. d.action .. ":" .. d.source, "drag:down:neuralBandDrag", "drag; back not consumed")
check.eq(d.x, 0.5, "x")

-- A fault ends the events, the capability stays attached.
local errors = {}
local errorHandle = inp2:on("error", function(e) errors[#errors + 1] = e.code end)
glasses.input:fail("communicationError")
check.raises(function() inp2:next_input(1) end, "InputsError.communicationError", "the error ends the events")
wait(0)
check.eq(errors[1], "communicationError", "error listener")
check.eq(inp2.state, "inactive", "inactive after the error")
check.raises(function() session:inputs{} end, "capabilityAlreadyActive", "still attached")
inp2:remove()

-- Link loss ends the session: deviceDisconnected.
local inp3 = session:inputs{}
inp3:wait_for("active")
glasses:power_off()
check.raises(function() inp3:next_input(1) end, "InputsError.deviceDisconnected", "link loss")
check.eq(session.state, "stopped", "the session ended")
none, why = session:inputs{}
check.eq(none, nil, "a stopped session: nil")
print(why)
-- device:on("input") is the captouch mock's view, apart from DAT Inputs.
check.eq(states[1], "active", "state listener got the current state")
stateHandle:cancel(); inputHandle:cancel(); errorHandle:cancel()
print("ok")
exit(0)
