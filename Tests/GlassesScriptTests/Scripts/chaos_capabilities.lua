package.path = arg[0]:match("(.*/)") .. "?.lua;" .. package.path
-- mock.chaos draws DAT 1.0 capability faults: Inputs and Speech errors, and voice launches to answer.
local check = require "check"

local glasses = mock.paired()[1]
local session = wearables.session()
session:start()
local inputs = session:inputs{}
mock.permissions.set("microphone", "granted")
local speech = session:speech()
speech:start()
local voice = wearables.voice_stream()
voice:start(glasses.device)
local answered = {}
local h = voice:on("invocation", function(inv) if inv:succeed() then answered[#answered + 1] = inv.id end end)
local faults = mock.chaos{rates = {input_fault = 30, speech_fault = 30, voice_launch = 120}, span = 120}
local kinds = {}
for _, f in ipairs(faults) do kinds[f.kind] = (kinds[f.kind] or 0) + 1 end
check.eq(kinds.voice_launch ~= nil and kinds.input_fault ~= nil and kinds.speech_fault ~= nil, true, "all three kinds drawn")
wait(125)
check.eq(#answered, kinds.voice_launch, "every launch was answered once")
for _, id in ipairs(answered) do check.eq(glasses.voice:answer(id), "success", id) end
check.eq(inputs.state, "inactive", "an Inputs fault ended the events")
check.eq(inputs.error.code, "communicationError", "InputsError")
check.eq(speech.state, "stopped", "a speech fault ended listening")
check.eq(speech.error.code, "unexpectedError", "SpeechError")
h:cancel()
voice:stop()
session:stop()
print("ok")
