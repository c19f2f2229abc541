package.path = arg[0]:match("(.*/)") .. "?.lua;" .. package.path
-- Audio frames in the camera stream (DAT 1.0): a stream configured with audio_rate=
-- carries the glasses' microphone over HFP as chunks with level and samples, while
-- it streams; losing the HFP route (a phone call) stops it with audioStreamingError.
local check = require "check"

local glasses = mock.paired()[1]
mock.permissions.set("microphone", "granted")
audio.configure{ category = "playAndRecord", mode = "voiceChat" }
audio.activate()
glasses.microphone:feed{ tone = 440 }

local session = wearables.session()
session:start()
local silent = wearables.stream{ resolution = "low", fps = 15 }
check.raises(function() silent:on("audio", print) end, "audio_rate=16000", "a stream without audio has none")
local cam = session:camera{ resolution = "low", fps = 15, audio_rate = 16000 }
local chunks = {}
local listening = cam:on("audio", function(chunk) chunks[#chunks + 1] = chunk end)
cam:start()
wait(1)
-- Over --connect the stream reaches streaming later by the link's latency, and its chunks with it.
check.eq(#chunks >= 9 - check.latency * 10 and #chunks <= 10, true, "about ten 100 ms chunks a second, got " .. #chunks)
local first = chunks[1]
check.eq(first.rate, 16000, "the stream's rate")
check.eq(first.channels, 1, "one channel: the glasses' HFP microphone is mono (DAT: pcm(sampleRate:numberOfChannels:))")
check.eq(#first.samples, 1600, "100 ms of samples")
check.eq(first.level > 0.2, true, "a tone is heard, level " .. first.level)
glasses.microphone:feed{ silence = true }
wait(0.5)
check.eq(chunks[#chunks].level, 0, "silence")
glasses:tap() -- the device pauses the stream: no chunks meanwhile
wait(0.3)
local paused = #chunks
wait(1)
check.eq(#chunks, paused, "no audio while paused")
listening:cancel()
glasses:tap()
wait(0.5)
check.eq(cam.state, "streaming", "resumed")

-- A phone call takes the HFP route: DAT reports the stream's audio failure
-- (StreamError.audioStreamingError) and stops the stream, rather than going silent.
local errors = {}
cam:on("error", function(err) errors[#errors + 1] = tostring(err):match("^[%w.]+") end)
mock.phone_call(20)
wait(0)
check.eq(cam.state, "stopped", "the stream stops when its audio route goes")
check.seq(errors, { "StreamError.audioStreamingError" }, "with audioStreamingError")
check.eq(session.state, "started", "the session lives")
session:stop()
print("ok")
exit(0)
