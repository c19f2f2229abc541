-- interval-capture: a photo every N seconds while the camera streams.
return {
  name = "interval-capture",
  version = "1.0.0",
  description = "Capture a photo every N seconds.",
  author = "GlassesScript",
  license = "MIT",
  params = {
    {name = "interval", type = "duration", default = "30s", min = 1, max = 86400, doc = "Time between photos."},
    {name = "count", type = "integer", default = 0, min = 0, doc = "Stop after this many photos (0: never)."},
    {name = "format", type = "enum", default = "jpeg", values = {"jpeg", "heic"}, doc = "Photo format."},
    {name = "resolution", type = "enum", default = "low", values = {"low", "medium", "high"}, doc = "Stream resolution."},
  },
  start = function(ctx, params)
    local session = ctx:hold(wearables.session())
    session:start()
    local cam = ctx:hold(session:camera{resolution = params.resolution, fps = 15})
    cam:start()
    local saved = 0
    ctx:hold(every(params.interval, function()
      local ok, photo = pcall(cam.capture, cam, params.format)
      if not ok then
        ctx.log.warn("capture failed: %s", tostring(photo))
        return
      end
      saved = saved + 1
      local name = ("interval_%04d.%s"):format(saved, params.format == "heic" and "heic" or "jpg")
      photo:save(name)
      ctx.log.info("saved %s", name)
      if params.count > 0 and saved >= params.count then exit(0) end
    end))
  end,
  stop = function(ctx)
    ctx.log.info("stopped")
  end,
}
