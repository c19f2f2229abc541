-- code-display: read QR codes and barcodes and show each on the glasses' display
-- (DAT 1.0 Display, Meta Ray-Ban Display only) with a "Save" button; a tap on
-- it photographs the code. One code is offered at a time, each distinct text
-- once; frames are scanned at most once per `interval`, as frame:codes() is dear.
return {
  name = "code-display",
  version = "1.0.0",
  description = "Show each QR code or barcode read on the glasses' display with a Save button that captures it (DAT 1.0 Display).",
  author = "GlassesScript",
  license = "MIT",
  params = {
    {name = "interval", type = "duration", default = "0.5s", min = 0, doc = "Minimum time between scans."},
    {name = "format", type = "enum", default = "jpeg", values = {"jpeg", "heic"}, doc = "Photo format."},
    {name = "count", type = "integer", default = 0, min = 0, doc = "Stop after this many photos (0: never)."},
  },
  start = function(ctx, params)
    local session = ctx:hold(wearables.session(wearables.auto_selector{
      filter = function(device) return device:supports_display() end,
    }))
    session:start()
    local display = session:display()
    display:start()
    local cam = ctx:hold(session:camera{resolution = "medium", fps = 15})
    local extension = params.format == "heic" and "heic" or "jpg"

    local function card(title, detail, buttons)
      local children = {
        {type = "text", content = title, style = "heading"},
        {type = "text", content = detail, color = "secondary"},
      }
      if buttons then children[#children + 1] = {type = "button_group", alignment = "start", children = buttons} end
      return {type = "flexbox", direction = "column", background = "card", padding = 24, spacing = 16, children = children}
    end

    local seen, saved, showing, last_scan = {}, 0, false, -math.huge
    local function offer(code)
      showing = true
      ctx.log.info("showing %s %q", code.type, code.text)
      display:show(card(code.type .. " read", code.text, {
        {type = "button", id = "save", label = "Save", icon = "checkmark", action_role = "primary", on_tap = function()
          local ok, photo = pcall(cam.capture, cam, params.format)
          showing = false
          if not ok then
            ctx.log.warn("capture of %q failed: %s", code.text, tostring(photo))
            display:show(card("Not saved", tostring(photo)))
            return
          end
          saved = saved + 1
          local name = ("display_code_%04d.%s"):format(saved, extension)
          photo:save(name)
          ctx.log.info("saved %s for %q", name, code.text)
          display:show(card("Saved", name))
          if params.count > 0 and saved >= params.count then exit(0) end
        end},
      }))
    end

    display:show(card("Looking for codes", "Point the camera at a QR code"))
    ctx:hold(cam:on("frame", function(frame)
      if showing or now() - last_scan < params.interval then return end
      last_scan = now()
      for _, code in ipairs(frame:codes()) do
        if not seen[code.text] then
          seen[code.text] = true
          return offer(code)
        end
      end
    end))
    cam:start()
  end,
  stop = function(ctx)
    ctx.log.info("stopped")
  end,
}
