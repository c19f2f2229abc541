package.path = arg[0]:match("(.*/)") .. "?.lua;" .. package.path
-- DAT 1.0 MockSpeechKit's live source (setTranscriptionSource(.liveDeviceAsr)): here
-- PocketSphinx transcribes what the simulated glasses' microphone hears.
-- compare-connected: --speed 2 (the served recogniser hears the feed in real time, so
-- the world it serves can only run a little faster than real time)
local check = require "check"

local glasses = mock.paired()[1]
check.eq(glasses.speech.source, "injected", "injected is DAT's default source")
check.raises(function() glasses.speech:set_source("live") end, "liveDeviceAsr", "an unknown source names the allowed ones")
mock.permissions.set("microphone", "granted")
local session = wearables.session()
session:start()
local sp = session:speech()

-- The wearer says it once (espeak-ng), then is silent.
glasses.microphone:feed{speech = "take a photo"}
local function listen()
  local start = now()
  sp:start()
  local heard, partials, after_start = nil, 0, nil
  while true do
    local t = assert(sp:next_transcription(10))
    if not t.final then
      partials = partials + 1
      check.eq(t.confidence, -1, "a partial has no confidence")
    else
      heard, after_start = t, now() - start
      break
    end
  end
  sp:stop()
  return heard, partials, after_start
end

-- Injected: the microphone is not transcribed.
sp:start()
check.eq(sp:next_transcription(3), nil, "the injected source does not hear the microphone")
sp:stop()

glasses.speech:set_source("liveDeviceAsr")
check.eq(glasses.speech.source, "liveDeviceAsr", "the source switched")
local first, partials, at = listen()
check.eq(first.text:find("photo") ~= nil, true, "heard the keyword: " .. first.text)
check.eq(partials > 0, true, "partials came before the final")
check.eq(first.confidence == -1 or (first.confidence >= 0 and first.confidence <= 1), true, "confidence 0...1 or -1")

-- The same audio from the start of listening: the same final, the same time after the start.
glasses.microphone:feed{speech = "take a photo"}
local again, _, again_at = listen()
check.eq(again.text, first.text, "same audio, same words")
check.eq(again.confidence, first.confidence, "same confidence")
check.near(again_at, at, "at the same time after the start", 2)

-- Injected text still reaches the app while the live source listens.
sp:start()
glasses.speech:say("typed in")
check.eq(sp:next_final(2).text, "typed in", "injection works beside the live source")
-- A change of source while listening is ignored (MockSpeechKit: "Only allowed while not
-- isListening; ignored during an active session"): not recorded, not kept for later.
check.eq(glasses.speech:set_source("injected"), false, "ignored while listening")
check.eq(glasses.speech.source, "liveDeviceAsr", "the source stays")
sp:stop()
check.eq(glasses.speech.source, "liveDeviceAsr", "and stays once listening ends")
check.eq(glasses.speech:set_source("injected"), true, "taken once not listening")
check.eq(glasses.speech.source, "injected", "switched")

-- Bad input: one line each, and the world goes on.
local err = check.raises(function() glasses.microphone:feed{speech = string.rep("a", 1024 * 1024)} end, "at most 16384", "1 MB to speak")
check.eq(tostring(err):find("\n"), nil, "one line")
check.eq(glasses.speech.live_diagnostic, nil, "no diagnostic while nothing failed")
-- A WAV that is not there: the live source fails when it first hears it, as a recogniser
-- error on the glasses (unexpectedError, listening ends), and the diagnostic says why.
glasses.speech:set_source("liveDeviceAsr")
glasses.microphone:feed("missing.wav")
local errors = {}
local h = sp:on("error", function(e) errors[#errors + 1] = e.code end)
-- The first block is heard before started: the waiting start raises the error that stopped it.
check.raises(function() sp:start() end, "SpeechError.unexpectedError", "a start the recogniser's failure ended")
wait(1)
check.eq(errors[1], "unexpectedError", "the app hears a recogniser error")
check.eq(sp.state, "stopped", "listening ended")
local diagnostic = glasses.speech.live_diagnostic
check.eq(diagnostic ~= nil and diagnostic:find("missing.wav", 1, true) ~= nil and diagnostic:find("\n") == nil, true,
  "a one-line diagnostic naming the file: " .. tostring(diagnostic))
h:cancel()
glasses.microphone:feed{speech = "take a photo"}
sp:start()
check.eq(assert(sp:next_final(10)).text:find("photo") ~= nil, true, "the world goes on")
session:stop()
print("ok")
exit(0)
