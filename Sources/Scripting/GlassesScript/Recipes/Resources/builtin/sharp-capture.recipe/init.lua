-- sharp-capture: a photo only when the frame is sharp (edge energy above a
-- threshold), so motion blur does not end up in the photos.
return {
  name = "sharp-capture",
  version = "1.0.0",
  description = "Capture a photo when the frame is sharp enough, at most once per interval.",
  author = "GlassesScript",
  license = "MIT",
  params = {
    {name = "threshold", type = "number", default = 0.02, min = 0, doc = "Minimum frame:sharpness() to capture."},
    {name = "interval", type = "duration", default = "10s", min = 0, doc = "Minimum time between photos."},
    {name = "count", type = "integer", default = 0, min = 0, doc = "Stop after this many photos (0: never)."},
  },
  start = function(ctx, params)
    local session = ctx:hold(wearables.session())
    session:start()
    local cam = ctx:hold(session:camera{resolution = "low", fps = 15})
    local last_capture = -math.huge
    local saved = 0
    ctx:hold(cam:on("frame", function(frame)
      local sharpness = frame:sharpness()
      if sharpness >= params.threshold and now() - last_capture >= params.interval and cam:try_capture("jpeg") then
        last_capture = now()
        ctx.log.info("sharp frame %d (%.4f)", frame.index, sharpness)
      end
    end))
    ctx:hold(cam:on("photo", function(photo)
      saved = saved + 1
      local name = ("sharp_%04d.jpg"):format(saved)
      photo:save(name)
      ctx.log.info("saved %s", name)
      if params.count > 0 and saved >= params.count then exit(0) end
    end))
    cam:start()
  end,
}
