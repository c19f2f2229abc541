package.path = arg[0]:match("(.*/)") .. "?.lua;" .. package.path
-- DAT 1.0 voice invocations (MWDATCore VoiceInvocationsStream): "Hey Meta, open <app>"
-- arrives as a LaunchApp, answered exactly once through its response handle.
local check = require "check"

local glasses = mock.paired()[1]
local device = glasses.device
check.eq(glasses.voice:launch(), nil, "no stream listens: no request")
check.eq(glasses.voice.has_clients, false, "no clients")

local voice = wearables.voice_stream()
check.raises(function() voice:start("nope") end, "VoiceInvocationError.deviceNotFound", "unknown device")
local got = {}
local h1 = voice:on("invocation", function(inv) got[#got + 1] = inv end)
local errors = {}
local h2 = voice:on("error", function(e) errors[#errors + 1] = e.code end)
voice:start(device)
check.eq(voice.started, true, "started")
check.eq(glasses.voice.has_clients, true, "the mock sees the client")

local id = glasses.voice:launch()
check.eq(type(id), "string", "a request id")
local inv = voice:next_invocation(1)
check.eq(inv.type, "LaunchApp", "LaunchApp")
check.eq(inv.id, id, "the request id")
check.eq(inv.device, device.id, "from the device")
check.eq(glasses.voice:answer(id), "pending", "Meta AI waits")
check.eq(inv:succeed("opened"), true, "Meta AI took the answer")
local answer, output = glasses.voice:answer(id)
check.eq(answer .. ":" .. output, "success:opened", "the answer is recorded")
local err = check.raises(function() inv:fail() end, "alreadyAnswered", "a second answer")
check.eq(tostring(err):find("\n"), nil, "one line")
check.eq(#got, 1, "the listener saw it too")

-- Never answered: Meta AI gives up after 10 s and records a timeout; a late answer is not taken.
local id2 = glasses.voice:launch()
local inv2 = voice:next_invocation(1)
wait(11)
check.eq(glasses.voice:answer(id2), "timeout", "Meta AI gave up")
check.eq(inv2:fail("late"), false, "a late answer is not taken")

-- A malformed action surfaces as an error, not an invocation.
local id3 = glasses.voice:incomplete()
check.eq(type(id3), "string", "incomplete has an id")
wait(0.5)
check.eq(errors[1], "invalidActionMessageProto", "the error")
check.eq(#got, 2, "no invocation for it")

-- Stopped: no clients; the stream can start again. A disconnected device refuses.
voice:stop()
check.eq(glasses.voice.has_clients, false, "stopped")
check.eq(glasses.voice:launch(), nil, "nobody listens")
voice:stop() -- safe when inactive
glasses:fold()
check.raises(function() voice:start(device) end, "VoiceInvocationError.channelNotConnected", "not connected")
check.raises(function() glasses.voice:answer("voice-99") end, "no voice request", "unknown request")
h1:cancel(); h2:cancel()
print("ok")
exit(0)
