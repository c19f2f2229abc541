package.path = arg[0]:match("(.*/)") .. "?.lua;" .. package.path
-- Session and camera state sequences, photo capture semantics, the ladder, faults.
local check = require "check"

local session = wearables.session()
check.eq(session.state, "idle", "new session")
local session_states, record_session = check.recorder()
session:on("state", record_session)
session:start()
check.eq(session.state, "started", "after start")
check.eq(session.device.type, "rayBanMeta", "session device")
check.raises(function() wearables.session():start() end, "DeviceSessionError.sessionAlreadyExists", "second session")

check.raises(function() session:camera{ fps = 25 } end, "expected one of: 2, 7, 15, 24, 30", "bad fps")
check.raises(function() session:camera{ resolution = "4k" } end, "expected one of: high, medium, low", "bad resolution")
local cam = session:camera{ resolution = "low", fps = 30 }
check.eq(cam.state, "stopped", "new camera")
check.eq(cam:try_capture(), false, "try_capture while not streaming")
local cam_states, record_cam = check.recorder()
cam:on("state", record_cam)
cam:start()
check.eq(cam.state, "streaming", "after cam:start")
check.eq(cam.effective.fps, 30, "low@30 fits the default link")

-- try_capture: true once, false while the capture is in flight; the photo arrives on "photo".
local photos = {}
cam:on("photo", function(photo) photos[#photos + 1] = photo end)
check.eq(cam:try_capture("heic"), true, "first try_capture")
check.eq(cam:try_capture(), false, "try_capture during a capture")
wait(1)
check.eq(#photos, 1, "photo delivered")
check.eq(photos[1].format, "heic", "photo format")
check.eq(cam.state, "streaming", "streaming resumes after capture")

local photo = cam:capture()
check.eq(photo.format, "jpeg", "capture default format")
check.eq(photo.width, 360, "photo width")
check.eq(#photo:bytes(), photo.size, "bytes match size")
check.eq(photo:bytes():sub(1, 2), "\255\216", "JPEG magic")

local frame = cam:next_frame(1)
check.eq(frame.width, 360, "frame width")
check.eq(frame.height, 640, "frame height")
local later = cam:next_frame()
check.eq(later.index > frame.index, true, "frames advance")
check.eq(frame:diff(frame), 0, "a frame does not differ from itself")

-- A fold mid-stream stops the camera and the session with hingesClosed; the
-- capture in flight then still gets its one outcome.
local errors = {}
cam:on("error", function(err) errors[#errors + 1] = err end)
local photos_before_fold = #photos
check.eq(cam:try_capture(), true, "a capture in flight when the glasses fold")
mock.paired()[1]:fold()
local reached, err = session:wait_for("started", 5)
check.eq(reached, nil, "wait_for a state the session will not reach")
check.eq(session.state, "stopped", "fold stops the session")
check.eq(cam.state, "stopped", "fold stops the camera")
wait(0)
check.eq(errors[1] and errors[1].code, "hingesClosed", "camera error on fold")
check.eq(errors[2] and tostring(errors[2]):match("^[%w.]+"), "StreamError.photoCaptureFailed", "the capture in flight fails, on the stream as a StreamError")
wait(15)
check.eq(#errors, 2, "one outcome for the capture in flight")
check.eq(#photos, photos_before_fold, "and no photo")
check.raises(function() session:start() end, "sessionAlreadyStopped", "start on a stopped session")
check.seq(session_states, { "idle", "starting", "started", "stopped" }, "session states")
check.eq(cam_states[1], "stopped", "camera state listener fires at once")
check.eq(cam_states[#cam_states], "stopped", "camera ends stopped")

-- The ladder as seen from Lua: high@30 over a narrow link steps down, never below 15 fps.
local glasses = mock.paired()[1]
glasses:unfold()
wait(3)
local ladder = wearables.stream{ resolution = "high", fps = 30 }
ladder:start()
check.eq(ladder.config.resolution, "high", "requested resolution kept in config")
check.eq(ladder.effective.resolution, "high", "the default link carries high")
glasses:set_bandwidth(400)
wait(1)
check.eq(ladder.effective.resolution, "low", "narrow link: lowest resolution")
check.eq(ladder.effective.fps >= 15, true, "never below 15 fps")
-- A waiting capture whose stream is stopped raises the PhotoError.
local waiting = spawn(function() return pcall(ladder.capture, ladder) end)
wait(0.1)
ladder:stop()
local captured, capture_err = waiting:join()
check.eq(captured, false, "capture on a stopped stream")
check.eq(capture_err.domain .. "." .. capture_err.code, "PhotoError.notReady", "stopping the stream fails the waiting capture")

-- stop() waits (this task only) until `stopped`, as start() waits until started;
-- listeners and other tasks see `stopping` meanwhile.
wait(2)  -- the device's restart rule
local stopping = wearables.session()
stopping:start()
local stopping_cam = stopping:camera{}
stopping_cam:start()
local seen, record_seen = check.recorder()
stopping_cam:on("state", record_seen)
local ticks = 0
spawn(function() while stopping_cam.state ~= "stopped" do ticks = ticks + 1; wait(0.01) end end)
local before = now()
stopping_cam:stop()
check.eq(stopping_cam.state, "stopped", "cam:stop() returns once stopped")
check.eq(now() > before, true, "stopping takes time")
check.eq(ticks > 0, true, "other tasks ran while stop() waited")
check.seq(seen, { "streaming", "stopping", "stopped" }, "the camera's listener saw stopping")
stopping:stop()
check.eq(stopping.state, "stopped", "session:stop() returns once stopped")
stopping:stop()
check.eq(stopping.state, "stopped", "stopping a stopped session returns at once")
print("ok")
