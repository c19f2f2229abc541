-- code-capture: a photo when a QR code or barcode comes into view, once per
-- distinct code text. frame:codes() renders and scans the whole frame, far
-- dearer than the luma statistics, so frames are scanned at most once per
-- `interval` rather than at the stream's 15 fps.
return {
  name = "code-capture",
  version = "1.0.0",
  description = "Capture a photo when a QR code or barcode (optionally matching a Lua pattern) comes into view, once per distinct code.",
  author = "GlassesScript",
  license = "MIT",
  params = {
    {name = "pattern", type = "string", default = "", doc = "Lua pattern the code's text must contain (empty: any code)."},
    {name = "interval", type = "duration", default = "0.25s", min = 0, doc = "Minimum time between scans."},
    {name = "format", type = "enum", default = "jpeg", values = {"jpeg", "heic"}, doc = "Photo format."},
    {name = "resolution", type = "enum", default = "low", values = {"low", "medium", "high"}, doc = "Stream resolution; small codes need more pixels."},
    {name = "count", type = "integer", default = 0, min = 0, doc = "Stop after this many photos (0: never)."},
  },
  start = function(ctx, params)
    local valid, why = pcall(string.find, "", params.pattern)
    if not valid then
      ctx:give_up("pattern %q is not a Lua pattern (%s): escape magic characters such as [ ( . - with %%", params.pattern, why)
    end
    local session = ctx:hold(wearables.session())
    session:start()
    local cam = ctx:hold(session:camera{resolution = params.resolution, fps = 15})
    -- The texts captured so far, in order; scripts read them as handle.codes.
    local codes, seen, pending = {}, {}, {}
    ctx:expose("codes", codes)
    local last_scan = -math.huge
    local saved = 0
    ctx:hold(cam:on("frame", function(frame)
      if now() - last_scan < params.interval then return end
      last_scan = now()
      for _, code in ipairs(frame:codes()) do
        local wanted = params.pattern == "" or code.text:find(params.pattern) ~= nil
        -- A code is only marked seen once its capture starts, so a busy camera retries it at the next scan.
        if wanted and not seen[code.text] and cam:try_capture(params.format) then
          seen[code.text] = true
          codes[#codes + 1] = code.text
          pending[#pending + 1] = code.text
          ctx.log.info("%s in view: %s", code.type, code.text)
        end
      end
    end))
    -- A failed capture gives its code back: it is tried again while it is in view,
    -- and the next photo is not credited to it. The stream reports it as DAT does,
    -- StreamError.photoCaptureFailed (its channel carries only StreamErrors).
    ctx:hold(cam:on("error", function(err)
      if err.domain ~= "StreamError" or err.code ~= "photoCaptureFailed" or #pending == 0 then return end
      local text = table.remove(pending, 1)
      seen[text] = nil
      for i = #codes, 1, -1 do
        if codes[i] == text then table.remove(codes, i) break end
      end
      ctx.log.warn("capture for %s failed (%s); trying again while it is in view", text, err.code)
    end))
    ctx:hold(cam:on("photo", function(photo)
      saved = saved + 1
      local name = ("code_%04d.%s"):format(saved, params.format == "heic" and "heic" or "jpg")
      photo:save(name)
      ctx.log.info("saved %s for %s", name, table.remove(pending, 1) or "a capture started elsewhere")
      if params.count > 0 and saved >= params.count then exit(0) end
    end))
    cam:start()
  end,
  stop = function(ctx)
    ctx.log.info("stopped")
  end,
}
