package.path = arg[0]:match("(.*/)") .. "?.lua;" .. package.path
-- A recording cut short by a fold: wait() raises the stream's error, and the file
-- (checked by RecordingTests with ffprobe) holds the frames up to the fold.
local check = require "check"

local glasses = mock.paired()[1]
local cam = wearables.stream{ resolution = "low", fps = 30 }
cam:start()
local rec = cam:record{ path = "folded.mp4", duration = 10 }
after(2, function() glasses:fold() end)
local err = check.raises(function() rec:wait() end, "folded%.mp4", "wait raises when the fold ends it")
check.eq(err.domain, "StreamError", "the stream's error")
check.eq(rec.state, "interrupted", "state")
check.eq(rec.error.domain, "StreamError", "the error field")
print(("frames=%d seconds=%.3f"):format(rec.frames, rec.duration))
print("ok")
