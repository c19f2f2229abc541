package.path = arg[0]:match("(.*/)") .. "?.lua;" .. package.path
-- cam:record: a stream recorded as the app sees it. The files are checked with
-- ffprobe by RecordingTests; this checks the Lua side.
local check = require "check"

local glasses = mock.paired()[1]
local session = wearables.session()
session:start()
local cam = session:camera{ resolution = "low", fps = 30 }

-- Not streaming yet: the error says what to do.
check.raises(function() cam:record{ path = "early.mp4" } end, "call cam:start%(%) first", "a stopped camera")
cam:start()

-- Bad arguments name the field and the fix.
check.raises(function() cam:record{} end, "path", "no path")
check.raises(function() cam:record{ path = "clip.avi" } end, "name it .mp4", "a wrong extension")
check.raises(function() cam:record{ path = "clip" } end, "name it .mp4", "no extension")
check.raises(function() cam:record{ path = "clip.mp4", duration = 0 } end, "positive number", "a zero duration")
check.raises(function() cam:record{ path = "clip.mp4", duration = -1 } end, "duration", "a negative duration")
check.raises(function() cam:record{ path = "clip.mp4", duration = math.huge } end, "duration", "an endless duration")

-- Three seconds of low@30, video only.
local rec = cam:record{ path = "clip.mp4", duration = 3 }
check.eq(rec.state, "recording", "state while recording")
check.eq(rec.width, 360, "width")
check.eq(rec.height, 640, "height")
check.eq(rec.fps, 30, "fps")
check.eq(rec.audio, false, "no audio track without audio_rate")
check.eq(tostring(rec):match("^VideoRecorder recording") ~= nil, true, "described")
local path, seconds = rec:wait()
check.eq(path:match("clip%.mp4$") ~= nil, true, "wait returns the path, got " .. tostring(path))
check.eq(seconds, 3, "wait returns the seconds recorded")
check.eq(rec.state, "finished", "state after the duration")
check.eq(rec.frames, 90, "30 fps for 3 s")
check.eq(rec.error, nil, "no error")
local again = { rec:wait() }
check.eq(again[2], 3, "waiting on an ended recording returns at once")
rec:stop() -- stopping an ended recording does nothing

-- Until stop(): the file is complete when stop returns.
local open = cam:record{ path = "open.mp4" }
wait(1)
open:stop()
check.eq(open.state, "finished", "stopped")
check.eq(open.frames, 30, "one second")

-- The ladder lowers the resolution mid-recording: the file keeps the size it started with.
local wide = session -- the same session; a medium stream for the ladder to step down
cam:stop()
wide:remove_camera() -- a stopped camera keeps the session's slot until detached
local medium = wide:camera{ resolution = "medium", fps = 30 }
medium:start()
local laddered = medium:record{ path = "ladder.mp4", duration = 2 }
wait(1)
glasses:set_bandwidth(600)
laddered:wait()
check.eq(medium.effective.resolution, "low", "the ladder stepped down")
check.eq(laddered.width, 504, "the recording keeps its width")
medium:stop()
wide:remove_camera()

-- A stream that ends (cam:stop) ends its recording as finished.
cam = wide:camera{ resolution = "low", fps = 15 }
cam:start()
local ended = cam:record{ path = "ended.mp4", duration = 60 }
wait(1)
cam:stop()
check.eq(ended.state, "finished", "a stopped stream finishes the recording")
check.eq(ended.frames, 15, "one second at 15 fps")

-- A stream with audio gets an AAC track.
mock.permissions.set("microphone", "granted")
audio.configure{ category = "playAndRecord", mode = "voiceChat" }
audio.activate()
glasses.microphone:feed{ tone = 440 }
wide:remove_camera()
local talking = wide:camera{ resolution = "low", fps = 15, audio_rate = 16000 }
talking:start()
local both = talking:record{ path = "talk.mp4", duration = 2 }
check.eq(both.audio, true, "an audio track")
both:wait()
check.eq(both.frames, 30, "2 s at 15 fps")
talking:stop()
session:stop()
print("ok")
