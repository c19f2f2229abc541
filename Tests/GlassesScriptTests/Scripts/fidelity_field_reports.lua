package.path = arg[0]:match("(.*/)") .. "?.lua;" .. package.path
-- Third-party field reports (Meta unconfirmed) are switches, all off by
-- default: mock.set_field_report(name, on). Beside them, what DAT 1.0.1 states and the mock now
-- shows: focus on the first primary button, MockMotionKit's isStreaming, SpeechError.unavailable.
local check = require "check"

-- Waits (up to 10 s) until `cond()` holds: over --connect, what the glasses report arrives
-- on the served world's clock, not at the instant it does here.
local function eventually(cond)
  for _ = 1, 100 do
    if cond() then return end
    wait(0.1)
  end
end

local function code(err) return tostring(err):match("^[%w._]+") end

check.raises(function() mock.set_field_report("displayDims", true) end, "displaySleep", "an unknown report is refused naming the valid ones")

-- warmReopen (android#177): the ready world's glasses were paired while the app was already
-- registered, so the SDK knows them from an earlier run: with the report on, every start fails
-- within about 0.15 s; off (the default), they start.
local glasses = mock.paired()[1]
local s = wearables.session()
s:start()
check.eq(s.state, "started", "off by default: a warm reopen starts")
s:stop()
mock.set_field_report("warmReopen", true)
wait(3)
s = wearables.session()
local states, record = check.recorder()
s:on("state", record)
local t0 = now()
local ok, err = pcall(s.start, s)
check.eq(ok, false, "a warm reopen fails")
check.eq(code(err), "DeviceSessionError.unexpectedError", "as the device ending it")
check.between(now() - t0, 0.15, 0.3, "refused within about 0.15 s, then stopping")
wait(0)
check.eq(states[#states], "stopped", "the session is stopped")
-- A cold registration (the handshake runs in this run) clears it.
wearables.unregister()
wearables.register()
wait(3)
s = wearables.session()
s:start()
check.eq(s.state, "started", "cold after a registration in this run")
s:stop()
-- The field fault stages it on chosen glasses, whatever the switch.
mock.set_field_report("warmReopen", false)
glasses:field_fault("warmReopen")
wait(3)
s = wearables.session()
check.raises(function() s:start() end, "DeviceSessionError.unexpectedError", "the warmReopen fault")
wearables.unregister()
wearables.register()
wait(3)

-- threePairs: at most three mock devices paired.
mock.set_field_report("threePairs", true)
local second = mock.pair()
local third = mock.pair("metaRayBanDisplay")
check.raises(function() mock.pair() end, "mock.too_many_devices: the mock holds at most three", "a fourth pair is refused")
mock.set_field_report("threePairs", false)
local fourth = mock.pair()
check.eq(#mock.paired(), 4, "off: a fourth pairs")
fourth:unpair()
second:unpair()

-- displaySleep: the lens dims after 20 s without interaction and sleeps after 25 s; a send,
-- a click or an input wakes it. The app's display stays started (DAT has no state for it).
local ds = wearables.session(wearables.specific_selector(third.device))
ds:start()
local d = ds:display()
d:start()
d:show{type = "flexbox", children = {
  {type = "text", content = "hello"},
  {type = "button", label = "Later", id = "later"},
  {type = "button", label = "Go", id = "go", action_role = "primary"},
  {type = "button", label = "Also", id = "also", action_role = "primary"},
}}
eventually(function() return third.display.focus ~= nil end)
check.eq(third.display.focus, "go", "focus: the first primary button")
check.eq(third.display.lens, "awake", "off by default: awake")
wait(30)
check.eq(third.display.lens, "awake", "off: still awake after 30 s")
mock.set_field_report("displaySleep", true)
wait(19)
check.eq(third.display.lens, "awake", "19 s: awake")
wait(2)
eventually(function() return third.display.lens == "dimmed" end)
check.eq(third.display.lens, "dimmed", "after 20 s: dimmed")
wait(5)
eventually(function() return third.display.lens == "asleep" end)
check.eq(third.display.lens, "asleep", "after 25 s: asleep")
check.eq(d.state, "started", "the app's display is still started")
local taps = 0
d:show{type = "flexbox", children = {{type = "button", label = "Tap", id = "tap", on_tap = function() taps = taps + 1 end}}}
eventually(function() return third.display.lens == "awake" end)
check.eq(third.display.lens, "awake", "a send wakes it")
check.eq(third.display.focus, nil, "no primary button: DAT names no focus")
wait(26)
eventually(function() return third.display.lens == "asleep" end)
check.eq(third.display.click(third.display, "tap"), false, "a click at a sleeping lens only wakes it")
eventually(function() return third.display.lens == "awake" end)
check.eq(third.display.lens, "awake", "awake again")
check.eq(third.display:click("tap"), true, "the next click clicks")
wait(0.5)
check.eq(taps, 1, "one tap reached the app")
third:field_fault("displaySleep")
eventually(function() return third.display.lens == "asleep" end)
check.eq(third.display.lens, "asleep", "the displaySleep fault")
third.input:nav_down()
eventually(function() return third.display.lens == "awake" end)
check.eq(third.display.lens, "awake", "an input wakes it")
mock.set_field_report("displaySleep", false)

-- videoPlayerSize: a video over 400 px a side or 70,000 px in total does not play. The simulator
-- opens no URL, so the mock says the videos' size; off (the default), any size plays.
third.display:set_video_size(640, 360)
local verrs = {}
d:on("error", function(e) verrs[#verrs + 1] = e.code .. "/" .. tostring(e.reason) end)
d:play{url = "https://example.com/clip.mp4"}
eventually(function() return d.playing end)
check.eq(d.playing, true, "off: a 640x360 video plays")
d:stop_video()
wait(0.5)
mock.set_field_report("videoPlayerSize", true)
d:play{url = "https://example.com/clip.mp4"}
eventually(function() return #verrs > 0 end)
check.seq(verrs, {"playbackFailed/playbackFailed"}, "on: 640x360 fails to play")
check.eq(d.playing, false, "nothing plays")
third.display:set_video_size(266, 150)
d:play{url = "https://example.com/video_266x150_faststart.mp4"}
eventually(function() return d.playing end)
check.eq(d.playing, true, "266x150 (39,900 px) plays")
d:stop_video()
third.display:set_video_size(350, 250)
d:play{url = "https://example.com/clip.mp4"}
eventually(function() return #verrs > 1 end)
check.eq(#verrs, 2, "350x250 is under 400 a side but 87,500 px: refused")
mock.set_field_report("videoPlayerSize", false)

-- MockMotionKit isStreaming: whether an app's Motion on these glasses is started.
local m = ds:motion{rate = "hz10"}
check.eq(third.motion.streaming, false, "added, not started")
m:start()
check.eq(third.motion.streaming, true, "started")
m:stop()
check.eq(third.motion.streaming, false, "stopped")

-- SpeechError.unavailable: the mock's raw codes 12 and 13 (Android's language not supported /
-- unavailable) mean no recogniser on the glasses.
wearables.request_permission("microphone")
local sp = ds:speech()
local errors = {}
sp:on("error", function(e) errors[#errors + 1] = code(e) end)
sp:start()
third.speech:fail(13)
eventually(function() return #errors > 0 end)
check.seq(errors, {"SpeechError.unavailable"}, "code 13 is unavailable")
ds:stop()

-- requestExpiry: a request the Meta AI app shows expires after five minutes; off, an answer
-- after that still registers (a late callback).
wearables.unregister()
mock.companion.hold_next("registration")
check.raises(wearables.register, "RegistrationError.unknown", "the model gives up after 60 s")
wait(250)
mock.companion.continue_request("registration")
wait(0)
check.eq(wearables.registration_state(), "registered", "off: answered at 310 s, it registers")
wearables.unregister()
mock.set_field_report("requestExpiry", true)
mock.companion.hold_next("registration")
check.raises(wearables.register, "RegistrationError.unknown", "given up after 60 s")
wait(239)
mock.companion.cancel_request("registration")
mock.companion.hold_next("registration")
check.raises(wearables.register, "RegistrationError.unknown", "again")
wait(241)
check.raises(function() mock.companion.continue_request("registration") end,
  "mock.no_request: the registration request expired", "on: expired after five minutes")
check.eq(wearables.registration_state(), "available", "not registered")
print("ok")
exit(0)
