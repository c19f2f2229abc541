-- hands-free-capture: a photo on a capture-button double press or on a spoken
-- keyword (DAT 1.0 Inputs and Speech). The keyword is matched as a whole word of
-- final transcriptions, in any case; partials are skipped, so one utterance
-- captures once. Where the words come from is the glasses' business: on the
-- simulator, injected text (glasses.speech:say) or the live recogniser
-- (glasses.speech:set_source("liveDeviceAsr") hearing glasses.microphone).
return {
  name = "hands-free-capture",
  version = "1.0.0",
  description = "Capture a photo on a capture-button double press or when the wearer says a keyword (DAT 1.0 Inputs, Speech).",
  author = "GlassesScript",
  license = "MIT",
  params = {
    {name = "trigger", type = "enum", default = "double_press", values = {"double_press", "keyword", "either"},
     doc = "What captures: a capture-button double press, the spoken keyword, or either."},
    {name = "keyword", type = "string", default = "photo", doc = "The one word that captures when spoken (any case)."},
    {name = "format", type = "enum", default = "jpeg", values = {"jpeg", "heic"}, doc = "Photo format."},
    {name = "count", type = "integer", default = 0, min = 0, doc = "Stop after this many photos (0: never)."},
  },
  start = function(ctx, params)
    local keyword = params.keyword:lower()
    if params.trigger ~= "double_press" and not keyword:find("^%w+$") then
      ctx:give_up("keyword %q is not one word: give a single word such as photo", params.keyword)
    end
    local listens = params.trigger ~= "double_press"
    if listens and wearables.permission("microphone") ~= "granted" and wearables.request_permission("microphone") ~= "granted" then
      ctx:give_up("the keyword trigger needs the microphone permission, which was denied")
    end
    local session = ctx:hold(wearables.session())
    session:start()
    local cam = ctx:hold(session:camera{resolution = "low", fps = 15})
    cam:start()
    local saved = 0
    local function capture(why)
      local ok, photo = pcall(cam.capture, cam, params.format)
      if not ok then
        ctx.log.warn("capture on %s failed: %s", why, tostring(photo))
        return
      end
      saved = saved + 1
      local name = ("handsfree_%04d.%s"):format(saved, params.format == "heic" and "heic" or "jpg")
      photo:save(name)
      ctx.log.info("%s: saved %s", why, name)
      if params.count > 0 and saved >= params.count then exit(0) end
    end
    if params.trigger ~= "keyword" then
      local inputs = assert(session:inputs{sources = {"captureButton"}})
      ctx:hold(inputs:on("input", function(ev)
        if ev.type == "capture" and ev.press_type == "doublePress" then capture("double press") end
      end))
    end
    if listens then
      local speech = ctx:hold(session:speech())
      ctx:hold(speech:on("transcription", function(t)
        if not t.final then return end
        for word in t.text:lower():gmatch("%w+") do
          if word == keyword then return capture(("heard %q"):format(t.text)) end
        end
      end))
      speech:start()
    end
  end,
  stop = function(ctx)
    ctx.log.info("stopped")
  end,
}
