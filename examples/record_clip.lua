-- record_clip.lua: record a clip of the camera stream, with its audio, to an MP4.
--
-- Starts a low@30 stream that carries the glasses' microphone (audio_rate=), records
-- it for a few seconds (default 5; the first argument changes it) and prints what
-- was written. The file is a fragmented MP4 (MPEG-4 video, AAC audio): it plays in
-- any player, and a recording cut short (a fold, an error, Ctrl-C) plays up to there.
--
--   glasses run --out out examples/record_clip.lua [SECONDS]
--   ffprobe out/clip.mp4

local seconds = tonumber(arg and arg[1]) or 5

-- Stream audio travels over HFP, so the phone's audio session routes to the glasses first.
audio.configure{category = "playAndRecord", mode = "voiceChat"}
audio.activate()
if mock then mock.paired()[1].microphone:feed{tone = 440} end   -- something to hear on the simulator
if wearables.permission("microphone") ~= "granted" then wearables.request_permission("microphone") end

local session = wearables.session()
session:start()
local cam = session:camera{resolution = "low", fps = 30, audio_rate = 16000}
cam:start()

local rec = cam:record{path = "clip.mp4", duration = seconds}
print(("recording %dx%d at %d fps%s to %s"):format(
  rec.width, rec.height, rec.fps, rec.audio and " with audio" or "", rec.path))
local path, recorded = rec:wait()
print(("wrote %s: %d frames, %.1f s"):format(path, rec.frames, recorded))

cam:stop()
session:stop()
