package.path = arg[0]:match("(.*/)") .. "?.lua;" .. package.path
-- A standalone photo's own states (DAT 1.0 PhotoState: stopped, starting, started,
-- stopping), through cam:start_photo{}: on success and on each way it fails.
local check = require "check"

local glasses = mock.paired()[1]
glasses.camera:feed{ pattern = "static" }
local session = wearables.session()
session:start()
local cam = session:camera{ resolution = "low", fps = 15 }

local function watch(capture)
  local seen, record = check.recorder()
  local handles = { capture:on("state", record) }
  local outcome = {}
  handles[2] = capture:on("photo", function(photo) outcome[#outcome + 1] = "photo " .. photo.width end)
  handles[3] = capture:on("error", function(err) outcome[#outcome + 1] = tostring(err):match("^[%w.]+") end)
  return seen, outcome, function() for _, h in ipairs(handles) do h:cancel() end end
end

-- An implicit stream's session lives only while it streams: no photo before.
local early = wearables.stream{ resolution = "low", fps = 15 }:start_photo{ resolution = "small" }
check.eq(early.state, "stopped", "refused without a started session: stopped from the outset")
check.eq(early.error.code, "notReady", "notReady")
check.raises(function() early:wait() end, "PhotoError.notReady", "its wait raises")
cam:start()

-- Success: the glasses set up, take and transfer the still.
local capture = cam:start_photo{ resolution = "small", quality = "low" }
local seen, outcome, done = watch(capture)
check.eq(capture.state, "starting", "at once")
check.eq(capture.photo, nil, "no photo yet")
repeat wait(0.01) until capture.state ~= "starting" -- 0.1 s of set-up, plus the link's latency over --connect
check.eq(capture.state, "started", "the glasses take it")
local photo = capture:wait()
check.eq(photo.width .. "x" .. photo.height, "480x640", "the photo")
check.eq(capture.state, "stopped", "done")
check.eq(capture.photo.size, photo.size, "capture.photo")
wait(0)
check.seq(seen, { "starting", "started", "stopping", "stopped" }, "success")
check.seq(outcome, { "photo 480" }, "the photo event")
done()

-- A second photo while one is in flight: busy, never started.
local first = cam:start_photo{ resolution = "small" }
local busy = cam:start_photo{ resolution = "small" }
check.eq(busy.state, "stopped", "busy: stopped from the outset")
check.raises(function() busy:wait() end, "PhotoError.busy", "busy")
check.eq(first:wait().width, 480, "the first photo arrives")

-- The glasses' refusals end the capture before it starts.
for _, code in ipairs{ "sessionSetupFailed", "serviceUnavailable" } do
  glasses.camera:fail_next_capture(code)
  local refused = cam:start_photo{ resolution = "small" }
  local states, got, stop_watching = watch(refused)
  check.raises(function() refused:wait() end, "PhotoError." .. code, code)
  wait(0)
  check.seq(states, { "starting", "stopping", "stopped" }, code .. ": refused before it started")
  check.seq(got, { "PhotoError." .. code }, code .. ": the error event")
  check.eq(refused.photo, nil, code .. ": no photo")
  check.eq(cam.state, "streaming", code .. ": the stream goes on")
  stop_watching()
end

-- A capture that fails once started.
glasses.camera:fail_next_capture()
local failing = cam:start_photo{ resolution = "small" }
local failing_states, failing_outcome, stop_failing = watch(failing)
check.raises(function() failing:wait() end, "PhotoError.captureFailure", "captureFailure")
wait(0)
check.seq(failing_states, { "starting", "started", "stopping", "stopped" }, "captureFailure: after it started")
check.seq(failing_outcome, { "PhotoError.captureFailure" }, "captureFailure: the error event")
stop_failing()

-- A standalone photo does not need the stream (DAT 1.0 Camera.photo): stopping the
-- stream under it leaves it be.
local kept = cam:start_photo{ resolution = "small" }
local kept_states, _, stop_kept = watch(kept)
cam:stop()
check.eq(kept:wait().width, 480, "the photo arrives with the stream stopped")
wait(0)
check.seq(kept_states, { "starting", "started", "stopping", "stopped" }, "the stream's stop does not end it")
stop_kept()

-- The session stops under a capture that has not started yet: notReady.
local function fresh_session()
  session:stop()
  wait(2.5) -- the glasses' restart rule
  session = wearables.session()
  session:start()
  cam = session:camera{ resolution = "low", fps = 15 }
end
fresh_session()
local cut = cam:start_photo{ resolution = "small" }
local cut_states, _, stop_cut = watch(cut)
session:stop()
check.raises(function() cut:wait() end, "PhotoError.notReady", "session stopped before the capture started")
wait(0)
check.seq(cut_states, { "starting", "stopping", "stopped" }, "notReady: it never started")
stop_cut()
fresh_session()

-- The glasses fold under a started capture: deviceDisconnected.
cam:start()
local folded = cam:start_photo{ resolution = "small" }
local folded_states, _, stop_folded = watch(folded)
repeat wait(0.01) until folded.state ~= "starting"
glasses:fold()
check.raises(function() folded:wait() end, "PhotoError.deviceDisconnected", "folded under the capture")
wait(0)
check.seq(folded_states, { "starting", "started", "stopping", "stopped" }, "deviceDisconnected: after it started")
stop_folded()
print("ok")
exit(0)
