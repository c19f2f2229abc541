-- Benchmark: record a stream to an MP4 for SECONDS of run time; prints the frames
-- written, the seconds recorded and the file's size in bytes. The "render" variant
-- is the baseline: every frame rendered and saved as .ppm (as codes.lua's), no encoder.
-- glasses run --out DIR record.lua [low|medium|high] [SECONDS] [video|audio|render]
local res, seconds, variant = arg[1] or "low", tonumber(arg[2]) or 60, arg[3] or "video"
if variant == "audio" then
  audio.configure{ category = "playAndRecord", mode = "voiceChat" }
  audio.activate()
  mock.paired()[1].microphone:feed{ tone = 440 }
  mock.permissions.set("microphone", "granted")
end
local cam = wearables.stream{ resolution = res, fps = 30, audio_rate = variant == "audio" and 16000 or nil }
cam:start()
if variant == "render" then
  local frames = 0
  local listening = cam:on("frame", function(frame) frame:save("bench.ppm"); frames = frames + 1 end)
  wait(seconds)
  listening:cancel()
  print(frames, seconds, 0)
else
  local rec = cam:record{ path = "bench.mp4", duration = seconds }
  local path, recorded = rec:wait()
  local file = assert(io.open(path, "rb"))
  local size = file:seek("end")
  file:close()
  print(rec.frames, recorded, size)
end
cam:stop()
