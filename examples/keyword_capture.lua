-- keyword_capture.lua: take a photo when the wearer says a keyword.
--
-- DAT 1.0 Speech (MWDATSpeech, experimental): the glasses transcribe on device and the
-- app gets {text, final, confidence}; it needs the microphone permission. On the
-- simulator the wearer's words are injected with glasses.speech:say(...), DAT's
-- MockSpeechKit (its default source).
--
--   glasses run --out out examples/keyword_capture.lua [KEYWORD]

local keyword = (arg[1] or "cheese"):lower()

if wearables.permission("microphone") ~= "granted" then
  assert(wearables.request_permission("microphone") == "granted", "the microphone permission is needed for speech")
end
local session = wearables.session()
session:start()
local cam = session:camera{resolution = "low", fps = 15}
cam:start()
local speech = session:speech()
speech:start()

local glasses = mock.paired()[1]
spawn(function()
  wait(1); glasses.speech:partial("say")
  wait(0.5); glasses.speech:say("say cheese", {confidence = 0.92})
end)

while true do
  local heard = assert(speech:next_final(30))
  log.info("heard %q (confidence %.2f)", heard.text, heard.confidence)
  if heard.text:lower():find(keyword, 1, true) then
    cam:capture():save("keyword.jpg")
    break
  end
end
print(("captured on %q"):format(keyword))
speech:stop()
session:stop()
