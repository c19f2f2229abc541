package.path = arg[0]:match("(.*/)") .. "?.lua;" .. package.path
-- DAT 1.0 Speech (MWDATSpeech): transcriptions while listening, needing the microphone permission.
local check = require "check"

local glasses = mock.paired()[1]
local session = wearables.session()
check.raises(function() session:speech() end, "sessionIdle", "before started")
session:start()
local sp = session:speech()
check.eq(sp.state, "stopped", "added stopped")
check.raises(function() session:speech() end, "capabilityAlreadyActive", "twice")
mock.permissions.set("microphone", "denied")
check.raises(function() sp:start() end, "SpeechError.startFailed", "no microphone permission")
mock.permissions.set("microphone", "granted")
glasses.speech:set_locale("en_GB")
sp:start()
check.eq(sp.state, "started", "started")
check.eq(glasses.speech.listening, true, "the mock sees it listening")
check.raises(function() sp:start() end, "alreadyListening", "start twice")
wait(0.1)
check.eq(sp.locale, "en_GB", "the locale is announced on start")

glasses.speech:partial("turn")
glasses.speech:say("turn left", {confidence = 0.8})
local p = sp:next_transcription(1)
check.eq(p.text .. ":" .. tostring(p.final) .. ":" .. math.floor(p.confidence), "turn:false:-1", "a partial with DAT's -1 confidence")
local f = sp:next_final(1)
check.eq(f.text, "turn left", "final text")
check.eq(math.abs(f.confidence - 0.8) < 1e-6, true, "confidence")

-- 1 MB of text: one line, the world goes on.
local err = check.raises(function() glasses.speech:say(string.rep("a", 1024 * 1024)) end, "at most 16384", "1 MB text")
check.eq(tostring(err):find("\n"), nil, "one line")
glasses.speech:say("still here")
check.eq(sp:next_final(1).text, "still here", "the world goes on")

-- An error ends listening; a completion too.
local errors = {}
local h = sp:on("error", function(e) errors[#errors + 1] = e.code end)
glasses.speech:fail(7, "no match")
wait(0.1)
check.eq(errors[1], "unexpectedError", "code 7 maps to unexpectedError")
check.eq(sp.state, "stopped", "stopped by the error")
sp:start()
glasses.speech:complete()
wait(0.1)
check.eq(sp.state, "stopped", "completion ends listening")
glasses.speech:say("nobody hears this")
local none = sp:next_transcription(0.2)
check.eq(none, nil, "not listening: nothing delivered")
session:remove_speech()
check.raises(function() sp:start() end, "invalidState", "removed")
h:cancel()
print("ok")
exit(0)
