-- Benchmark: record a stream to an MP4 for SECONDS of run time; prints the frames
-- written, the seconds recorded and the file's size in bytes.
-- glasses run --out DIR record.lua [low|medium|high] [SECONDS] [audio]
local res, seconds, with_audio = arg[1] or "low", tonumber(arg[2]) or 60, arg[3] == "audio"
if with_audio then
  audio.configure{ category = "playAndRecord", mode = "voiceChat" }
  audio.activate()
  mock.paired()[1].microphone:feed{ tone = 440 }
  mock.permissions.set("microphone", "granted")
end
local cam = wearables.stream{ resolution = res, fps = 30, audio_rate = with_audio and 16000 or nil }
cam:start()
local rec = cam:record{ path = "bench.mp4", duration = seconds }
local path, recorded = rec:wait()
local file = assert(io.open(path, "rb"))
local size = file:seek("end")
file:close()
print(rec.frames, recorded, size)
cam:stop()
