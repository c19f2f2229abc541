-- scene_change_capture.lua: take a photo when the scene changes.
--
-- Compares every frame with the one before it (mean absolute luma difference,
-- computed on a small downsampled plane, so it is cheap at 30 fps). When the
-- difference passes a threshold, it captures a photo, then ignores changes for a
-- cooldown so one cut does not produce a burst of photos.
--
--   glasses run --out out examples/scene_change_capture.lua [THRESHOLD] [COOLDOWN_S] [PHOTOS]
--
-- Defaults: threshold 0.08, cooldown 5 s, stop after 3 photos. The simulator's
-- default camera feed is a moving scene with occasional cuts.

local threshold = tonumber(arg[1]) or 0.08
local cooldown = tonumber(arg[2]) or 5
local wanted = math.tointeger(tonumber(arg[3])) or 3

local session = wearables.session()
session:start()
local cam = session:camera{resolution = "low", fps = 30}

local previous            -- the last frame we kept (a copy: callback frames are borrowed)
local last_capture = -math.huge
local saved = 0

cam:on("frame", function(frame)
  if previous then
    local change = frame:diff(previous)
    if change > threshold and now() - last_capture >= cooldown then
      -- try_capture returns false while a capture is already in flight.
      if cam:try_capture("jpeg") then
        last_capture = now()
        log.info("scene changed (diff %.3f) at frame %d: capturing", change, frame.index)
      end
    end
  end
  previous = frame:copy()
end)

cam:on("photo", function(photo)
  saved = saved + 1
  local name = ("scene_%02d.jpg"):format(saved)
  photo:save(name)
  log.info("saved %s (%d bytes)", name, photo.size)
  if saved >= wanted then
    cam:stop()
    session:stop()
    exit(0)
  end
end)

cam:on("error", function(err)
  log.error("camera error: %s", tostring(err))
end)

cam:start()
