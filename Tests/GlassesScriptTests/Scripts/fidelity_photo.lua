package.path = arg[0]:match("(.*/)") .. "?.lua;" .. package.path
-- Standalone photo (DAT 1.0 Camera.photo): a still at its own resolution and quality
-- (medium and medium by default, as DAT's capturePhoto), apart from the stream's, which
-- needs no stream running, reports its transfer's progress and takes longer the larger it
-- is and the slower the link; with the capture's PhotoError cases.
-- compare-connected: --speed 5 (a served world encodes each HEIC still on its wall clock:
-- at 20x a loaded machine's fraction of a second is past the 10 s capture timeout)
local check = require "check"

local glasses = mock.paired()[1]
glasses.camera:feed{ pattern = "static" }
local session = wearables.session()
session:start()
local cam = session:camera{ resolution = "low", fps = 15 }
local unstreamed = cam:photo{ resolution = "small" }
check.eq(unstreamed.width, 480, "a photo with the stream stopped")
check.eq(cam.state, "stopped", "and the stream left stopped")
cam:start()

local low = cam:photo{ resolution = "small", quality = "low" }
check.eq(low.width .. "x" .. low.height, "480x640", "small")
local high = cam:photo{ resolution = "small", quality = "high" }
check.eq(high.size > low.size, true, ("high quality (%d bytes) is larger than low (%d)"):format(high.size, low.size))
local medium = cam:photo{ resolution = "medium", quality = "medium", format = "heic" }
check.eq(medium.width .. "x" .. medium.height .. " " .. medium.format, "960x1280 heic", "medium, as HEIC")
local default = cam:photo()
check.eq(default.width .. "x" .. default.height, "960x1280", "medium by default")
check.eq(default.size, cam:photo{ resolution = "medium", quality = "medium" }.size, "at medium quality")

-- Transfer: progress events end at the whole; time grows with size and shrinks with bandwidth.
local function timed(options)
  local capture = cam:start_photo(options)
  local steps = {}
  capture:on("progress", function(p) steps[#steps + 1] = p end)
  local t0 = now()
  local photo = capture:wait()
  wait(0)
  return now() - t0, photo, steps, capture
end
local small_time = timed{ resolution = "small", quality = "low" }
local full_time, full, steps, capture = timed{ resolution = "full", quality = "high" }
check.eq(full.width .. "x" .. full.height, "3024x4032", "full")
check.eq(full_time > small_time, true, ("a full photo (%.2f s) takes longer than a small one (%.2f s)"):format(full_time, small_time))
check.eq(#steps > 2, true, "progress in steps")
check.eq(steps[1].bytes_received, 0, "from nothing")
check.eq(steps[#steps].bytes_received, full.size, "to the whole photo")
check.eq(steps[#steps].total_bytes, full.size, "of its size")
check.eq(steps[#steps].fraction, 1, "fraction 1 at the end")
check.eq(capture.progress.fraction, 1, "capture.progress")
glasses:set_bandwidth(400)
wait(1)
local slow_time = timed{ resolution = "full", quality = "high" }
check.eq(slow_time > 3, true, ("a full photo over 400 kbps takes seconds (%.1f s)"):format(slow_time))
-- A difference, not a ratio: over --connect both times also hold the served world's encoding
-- time on its wall clock, which the link's speed does not change.
check.eq(slow_time - full_time > 3, true, ("and longer the slower the link (%.1f s against %.1f s)"):format(slow_time, full_time))
glasses:set_bandwidth(3000)
wait(1)
check.eq(cam.effective.resolution, "low", "the stream keeps its own resolution")

local first = spawn(function() return cam:photo{ resolution = "small" } end)
wait(0.1)
check.raises(function() cam:photo{ resolution = "small" } end, "PhotoError.busy", "while a photo is in flight")
check.eq(first:join().width, 480, "the first photo arrives")
glasses.camera:fail_next_capture("sessionSetupFailed")
check.raises(function() cam:photo{ resolution = "large" } end, "PhotoError.sessionSetupFailed", "the glasses' refusals")
check.raises(function() cam:photo{ resolution = "huge" } end, "expected one of: small, medium, large, full", "a bad resolution")
session:stop()
print("ok")
exit(0)
