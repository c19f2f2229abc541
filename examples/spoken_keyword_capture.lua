-- spoken_keyword_capture.lua: take a photo when the wearer says a keyword, heard by a
-- real speech recogniser.
--
-- DAT's MockSpeechKit can transcribe a live source instead of injected text
-- (setTranscriptionSource(.liveDeviceAsr)). On the simulator the live source is the
-- glasses' microphone, transcribed by PocketSphinx (en-us): here a WAV file (looped),
-- or, without one, a sentence espeak-ng says every few seconds. The same audio gives
-- the same words at the same run times. PocketSphinx mishears synthetic speech often;
-- a well-known word of two syllables (the default, "photo") comes through.
--
--   espeak-ng -v en-us+f2 -s 130 -w out/said.wav "take a photo"
--   glasses run --out out examples/spoken_keyword_capture.lua out/said.wav [KEYWORD]

local wav = arg[1]
local keyword = (arg[2] or "photo"):lower()

local glasses = mock.paired()[1]
glasses.speech:set_source("liveDeviceAsr")
if wav then
  glasses.microphone:feed(wav)
else
  glasses.microphone:feed{speech = "take a photo"}
end

if wearables.permission("microphone") ~= "granted" then
  assert(wearables.request_permission("microphone") == "granted", "the microphone permission is needed for speech")
end
local session = wearables.session()
session:start()
local cam = session:camera{resolution = "low", fps = 15}
cam:start()
local speech = session:speech()
speech:start()

local function says_keyword(text)
  for word in text:lower():gmatch("%w+") do
    if word == keyword then return true end
  end
  return false
end

while true do
  local heard = assert(speech:next_final(30))
  log.info("heard %q (confidence %.2f) at %.1f s", heard.text, heard.confidence, now())
  if says_keyword(heard.text) then
    cam:capture():save("spoken.jpg")
    break
  end
end
print(("captured on %q"):format(keyword))
speech:stop()
session:stop()
