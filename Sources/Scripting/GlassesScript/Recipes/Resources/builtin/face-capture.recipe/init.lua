-- face-capture: a photo when a face comes into view. frame:faces() renders and
-- searches the whole frame (dlib's HOG detector, tens of milliseconds), so frames
-- are searched at most once per `interval`, not at the stream's 15 fps. A face
-- that stays in view is photographed once; one that leaves and comes back is
-- photographed again, but never within `cooldown` of the last photo.
return {
  name = "face-capture",
  version = "1.0.0",
  description = "Capture a photo when a face comes into view (dlib's frontal-face detector), at most once per cooldown.",
  author = "GlassesScript",
  license = "MIT",
  params = {
    {name = "min_score", type = "number", default = 0, doc = "Least detector score that counts (0: the detector's own threshold; above 1: clear faces only)."},
    {name = "min_size", type = "number", default = 0, min = 0, max = 1, doc = "Least face width, as a fraction of the frame's width (the detector finds faces of 80 pixels or more at any setting)."},
    {name = "cooldown", type = "duration", default = "5s", min = 0, doc = "Minimum time between photos."},
    {name = "interval", type = "duration", default = "0.25s", min = 0, doc = "Minimum time between searches."},
    {name = "format", type = "enum", default = "jpeg", values = {"jpeg", "heic"}, doc = "Photo format."},
    {name = "resolution", type = "enum", default = "low", values = {"low", "medium", "high"}, doc = "Stream resolution; smaller (farther) faces need more pixels."},
    {name = "count", type = "integer", default = 0, min = 0, doc = "Stop after this many photos (0: never)."},
  },
  start = function(ctx, params)
    local session = ctx:hold(wearables.session())
    session:start()
    local cam = ctx:hold(session:camera{resolution = params.resolution, fps = 15})
    -- The photos saved so far, in order; scripts read them as handle.photos.
    local photos = {}
    ctx:expose("photos", photos)
    local last_search, last_capture = -math.huge, -math.huge
    local in_view = false
    ctx:hold(cam:on("frame", function(frame)
      if now() - last_search < params.interval then return end
      last_search = now()
      local best
      for _, face in ipairs(frame:faces()) do
        if face.score >= params.min_score and face.box.w >= params.min_size then
          best = best or face
        end
      end
      if not best then
        in_view = false
      elseif not in_view and now() - last_capture >= params.cooldown then
        -- Only a capture that starts marks the face as seen, so a busy camera retries at the next search.
        if cam:try_capture(params.format) then
          in_view, last_capture = true, now()
          ctx.log.info("face in view at (%.2f, %.2f), width %.2f, score %.2f", best.box.x, best.box.y, best.box.w, best.score)
        end
      end
    end))
    ctx:hold(cam:on("photo", function(photo)
      local name = ("face_%04d.%s"):format(#photos + 1, params.format == "heic" and "heic" or "jpg")
      photo:save(name)
      photos[#photos + 1] = name
      ctx.log.info("saved %s", name)
      if params.count > 0 and #photos >= params.count then exit(0) end
    end))
    cam:start()
  end,
  stop = function(ctx)
    ctx.log.info("stopped")
  end,
}
