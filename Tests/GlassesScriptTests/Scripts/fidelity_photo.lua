package.path = arg[0]:match("(.*/)") .. "?.lua;" .. package.path
-- Standalone photo (DAT 1.0 Camera.photo): a still at its own resolution and quality,
-- apart from the stream's, with the capture's PhotoError cases.
local check = require "check"

local glasses = mock.paired()[1]
glasses.camera:feed{ pattern = "static" }
local session = wearables.session()
session:start()
local cam = session:camera{ resolution = "low", fps = 15 }
check.raises(function() cam:photo{ resolution = "small" } end, "PhotoError.notReady", "before the camera streams")
cam:start()

local low = cam:photo{ resolution = "small", quality = "low" }
check.eq(low.width .. "x" .. low.height, "480x640", "small")
local high = cam:photo{ resolution = "small", quality = "high" }
check.eq(high.size > low.size, true, ("high quality (%d bytes) is larger than low (%d)"):format(high.size, low.size))
local medium = cam:photo{ resolution = "medium", quality = "medium", format = "heic" }
check.eq(medium.width .. "x" .. medium.height .. " " .. medium.format, "960x1280 heic", "medium, as HEIC")
local full = cam:photo()
check.eq(full.width .. "x" .. full.height, "3024x4032", "full by default")
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
