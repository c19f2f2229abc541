-- The audio module: configuration, routes and their changes, recording, playback, interruptions.
package.path = arg[0]:match("(.*/)") .. "?.lua;" .. package.path
local check = require "check"

local glasses = mock.paired()[1]
mock.permissions.set("microphone", "granted") -- a stream with audio needs it, as in DAT

-- A stream that carries audio needs the HFP route configured before it starts.
check.raises(function() wearables.stream{audio_rate = 8000} end, "expected one of: 16000, 44100, 48000", "DAT's rates")
local early = wearables.stream{resolution = "low", fps = 15, audio_rate = 16000}
check.raises(function() early:start() end, "audioStreamingError", "audio before HFP is configured")
check.raises(function() audio.configure{category = "playback", options = {"allowBluetooth"}} end,
  "AudioError.badParam", "allowBluetooth needs a recording category")
check.raises(function() audio.configure{category = "loud"} end, "category", "unknown category")
check.raises(function() audio.configure{category = "record", options = {"bogus"}} end, "field 'options'", "bad option")

audio.configure{category = "playAndRecord", mode = "voiceChat"}
local route = audio.route()
check.eq(route.inputs[1].port, "bluetoothHFP", "voiceChat implies allowBluetooth: HFP in")
check.eq(route.outputs[1].port, "bluetoothHFP", "and HFP out")
check.eq(route.inputs[1].rate, 16000, "wideband HFP")
check.eq(route.inputs[1].name, "Ray-Ban Meta", "port name")

audio.configure{category = "playAndRecord", options = {"allowBluetooth"}}
local changes, change = check.recorder()
local route_handle = audio.on("route", function(r, reason) change(reason .. ":" .. (r.inputs[1] and r.inputs[1].port or "none")) end)
glasses:fold()
wait(0)
glasses:unfold()
wait(2)
check.seq(changes, {"oldDeviceUnavailable:builtInMic", "newDeviceAvailable:bluetoothHFP"}, "route changes")

check.raises(function() audio.record{path = "early.wav"} end, "AudioError.cannotStartRecording", "needs activate()")
glasses.microphone:feed{tone = 440}
audio.activate()
local rec = audio.record{path = "tone.wav", duration = 1}
wait(0.5)
check.eq(rec.state, "recording", "recording")
assert(rec.level > 0.3, "level follows the tone, got " .. rec.level)
check.eq(rec:wait():sub(-8), "tone.wav", "wait returns the path")
check.eq(rec.duration, 1, "recorded seconds")
check.eq(rec.level, 0, "level after the end")

local player = audio.play("tone.wav")
check.eq(player.output, "bluetoothHFP", "plays to the glasses")
wait(0.25)
player:pause()
local paused_at = player.progress
wait(1)
check.eq(player.progress, paused_at, "progress holds while paused")
player:resume()
check.eq(player:wait(), "finished", "played to the end")
check.eq(player.progress, 1, "progress at the end")
check.raises(function() audio.play("missing.wav") end, "AudioError.fileNotFound", "missing file")

local kinds, kind = check.recorder()
local interruption_handle = audio.on("interruption", kind)
local long = audio.record{path = "call.wav"}
wait(0.3)
mock.phone_call(2)
local err = check.raises(function() long:wait() end, "recordingInterrupted", "a call interrupts the recording")
check.eq(err.domain, "AudioError", "error domain")
check.eq(audio.active(), false, "the call deactivated the session")
check.raises(audio.activate, "insufficientPriority", "no activation during the call")
wait(2)
check.seq(kinds, {"began", "ended"}, "interruption kinds")
audio.activate()
route_handle:cancel()
interruption_handle:cancel()

-- Over HFP to the glasses, photos do not arrive (field reports) until the behaviour is switched off.
local session = wearables.session()
session:start()
local cam = session:camera{resolution = "low", fps = 15}
cam:start()
check.raises(function() cam:capture() end, "PhotoError.captureFailure", "no photo while audio is on HFP")
check.raises(function() mock.set_hfp_blocks_photo_capture("no") end, "boolean expected", "switch takes a boolean")
mock.set_hfp_blocks_photo_capture(false)
check.eq(cam:capture().format, "jpeg", "photo once the behaviour is off")
session:stop()
wait(2.5) -- the restart rule
local with_audio = wearables.stream{resolution = "low", fps = 15, audio_rate = 16000}
with_audio:start()
check.eq(with_audio.state, "streaming", "audio once HFP is configured")
with_audio:stop()
print("ok")
