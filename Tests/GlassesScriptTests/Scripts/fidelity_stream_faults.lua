package.path = arg[0]:match("(.*/)") .. "?.lua;" .. package.path
-- The stream's own failures: photoCaptureFailed (DAT 0.9+: a failed stream capture is
-- reported on the stream's error publisher; the stream goes on; the stream's channel
-- carries StreamErrors only, the PhotoError is the waiting capture's) and internalError (a
-- fault in the glasses' camera pipeline, glasses.camera:fail_stream, or a start while
-- the stream is stopping).
local check = require "check"

local glasses = mock.paired()[1]
local session = wearables.session()
session:start()
local cam = session:camera{ resolution = "low", fps = 15 }
local errors = {}
local listening = cam:on("error", function(e) errors[#errors + 1] = tostring(e):match("^[%w.]+") end)
cam:start()

glasses.camera:fail_next_capture()
check.raises(function() cam:capture() end, "PhotoError.captureFailure", "the waiting capture names the cause")
wait(0)
check.seq(errors, { "StreamError.photoCaptureFailed" }, "the stream reports the failed capture, as a StreamError only")
check.eq(cam.state, "streaming", "the stream goes on")

glasses.camera:fail_next_capture("sessionSetupFailed")
check.eq(cam:try_capture(), true, "DAT capturePhoto accepts the capture")
wait(1)
check.eq(errors[#errors], "StreamError.photoCaptureFailed", "a refused try_capture is reported on the stream too")

local before = #errors
glasses.camera:fail_next_capture()
check.raises(function() cam:photo{ resolution = "small" } end, "PhotoError.captureFailure", "a standalone photo")
wait(0)
check.eq(#errors, before, "a standalone photo's failure is its own: nothing on the stream's channel")
check.eq(#cam:capture().format > 0, true, "the next capture works")

before = #errors
glasses.camera:fail_stream()
wait(0)
check.eq(cam.state, "stopped", "internalError stops the stream")
check.eq(session.state, "started", "the session lives on")
check.seq({ table.unpack(errors, before + 1) }, { "StreamError.internalError" }, "internalError")
listening:cancel()
session:remove_camera() -- a stopped camera keeps its slot until detached

local video = session:camera{ resolution = "low", fps = 15 }
local video_errors, record = check.recorder()
listening = video:on("error", function(e) record(e.code) end)
video:start()
glasses.camera:fail_stream("videoStreamingError")
wait(0)
check.eq(video.state, "stopped", "videoStreamingError stops the stream")
check.seq(video_errors, { "videoStreamingError" }, "videoStreamingError")
glasses.camera:fail_stream()
wait(0)
check.seq(video_errors, { "videoStreamingError" }, "a fault with no stream running reports nothing")
check.raises(function() glasses.camera:fail_stream("hingesClosed") end, "expected one of: internalError, videoStreamingError",
  "only the faults without another cause")
listening:cancel()
session:remove_camera()

local restart = session:camera{ resolution = "low", fps = 15 }
restart:start()
local stopping = spawn(function() restart:stop() end)
wait(0.05)
check.eq(restart.state, "stopping", "half way through stopping")
check.raises(function() restart:start() end, "StreamError.internalError", "a start while the stream stops")
stopping:join()
session:stop()
print("ok")
exit(0)
