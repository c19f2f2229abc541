-- don-capture: a photo each time the glasses are put on.
return {
  name = "don-capture",
  version = "1.1.0",
  description = "Capture a photo each time the glasses are put on.",
  author = "GlassesScript",
  license = "MIT",
  params = {
    {name = "settle", type = "duration", default = "1s", min = 0, doc = "Wait this long after donning before capturing."},
  },
  start = function(ctx, params)
    local session = ctx:hold(wearables.session())
    session:start()
    local cam = ctx:hold(session:camera{resolution = "low", fps = 15})
    cam:start()
    local device = wearables.devices()[1]
    if not device then error("don-capture needs paired glasses; none are linked", 0) end
    local worn = device.don == "donned"
    local saved = 0
    ctx:hold(device:on("state", function(d)
      local now_worn = d.don == "donned"
      if now_worn and not worn then
        ctx:hold(after(params.settle, function()
          -- Off for more than a moment, the glasses stopped the camera (hingesClosed, DAT 0.9+).
          if cam.state == "stopped" then
            local started, err = pcall(cam.start, cam)
            if not started then
              ctx.log.warn("restarting the camera after donning failed: %s", tostring(err))
              return
            end
          end
          local ok, photo = pcall(cam.capture, cam, "jpeg")
          if not ok then
            ctx.log.warn("capture after donning failed: %s", tostring(photo))
            return
          end
          saved = saved + 1
          local name = ("don_%04d.jpg"):format(saved)
          photo:save(name)
          ctx.log.info("donned: saved %s", name)
        end))
      end
      worn = now_worn
    end))
  end,
}
