-- scene-change-capture: a photo when the mean luma difference between
-- consecutive frames passes a threshold, then a cooldown against bursts.
return {
  name = "scene-change-capture",
  version = "1.0.0",
  description = "Capture a photo when the scene changes (luma difference above a threshold).",
  author = "GlassesScript",
  license = "MIT",
  params = {
    {name = "threshold", type = "number", default = 0.08, min = 0, max = 1, doc = "Mean luma difference (0..1) that counts as a change."},
    {name = "cooldown", type = "duration", default = "5s", min = 0, doc = "Ignore changes for this long after a capture."},
    {name = "count", type = "integer", default = 0, min = 0, doc = "Stop after this many photos (0: never)."},
    {name = "fps", type = "enum", default = 30, values = {2, 7, 15, 24, 30}, doc = "Stream frame rate."},
  },
  start = function(ctx, params)
    local session = ctx:hold(wearables.session())
    session:start()
    local cam = ctx:hold(session:camera{resolution = "low", fps = params.fps})
    local previous
    local last_capture = -math.huge
    local saved = 0
    ctx:hold(cam:on("frame", function(frame)
      if previous then
        local change = frame:diff(previous)
        if change > params.threshold and now() - last_capture >= params.cooldown and cam:try_capture("jpeg") then
          last_capture = now()
          ctx.log.info("scene changed (diff %.3f) at frame %d", change, frame.index)
        end
      end
      previous = frame:copy()
    end))
    ctx:hold(cam:on("photo", function(photo)
      saved = saved + 1
      local name = ("scene_%04d.jpg"):format(saved)
      photo:save(name)
      ctx.log.info("saved %s", name)
      if params.count > 0 and saved >= params.count then exit(0) end
    end))
    cam:start()
  end,
}
