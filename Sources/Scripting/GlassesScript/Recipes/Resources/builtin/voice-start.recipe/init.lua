-- voice-start: start another recipe when the wearer says "Hey Meta, open <app>"
-- (DAT 1.0 voice invocations: a LaunchApp, answered exactly once). The first
-- launch starts the recipe and answers success; a launch while it runs answers
-- success without starting a second; a recipe that fails to start answers
-- failure with the reason, which Meta AI tells the wearer.
return {
  name = "voice-start",
  version = "1.0.0",
  description = "Start a recipe when the wearer asks Meta AI to open the app (DAT 1.0 voice invocations, LaunchApp).",
  author = "GlassesScript",
  license = "MIT",
  params = {
    {name = "recipe", type = "string", default = "hands-free-capture", doc = "The recipe a launch starts."},
    {name = "with", type = "string", default = "", doc = "Its parameters, as name=value pairs separated by commas (trigger=keyword,count=1)."},
  },
  start = function(ctx, params)
    local with = {}
    for pair in params.with:gmatch("[^,]+") do
      local name, value = pair:match("^%s*([%w_]+)%s*=%s*(.-)%s*$")
      if not name then ctx:give_up("with: %q is not name=value", pair) end
      with[name] = value
    end
    if not pcall(recipes.info, params.recipe) then
      ctx:give_up("no recipe %q: `glasses recipe list` shows those installed", params.recipe)
    end
    local device = wearables.devices()[1]
    if not device then ctx:give_up("voice-start needs paired glasses; none are linked") end
    local voice = ctx:hold(wearables.voice_stream())
    local running
    ctx:hold(voice:on("invocation", function(invocation)
      if running and running.status == "running" then
        invocation:succeed(params.recipe .. " is already running")
        return
      end
      local ok, handle = pcall(recipes.run, params.recipe, with)
      if not ok then
        ctx.log.warn("launch %s: %s did not start: %s", invocation.id, params.recipe, tostring(handle))
        invocation:fail(tostring(handle))
        return
      end
      running = ctx:hold(handle)
      -- Scripts reach the recipe started by voice as handle.launched.
      ctx:expose("launched", handle)
      ctx.log.info("launch %s: started %s", invocation.id, params.recipe)
      invocation:succeed("started " .. params.recipe)
    end))
    ctx:hold(voice:on("error", function(err) ctx.log.warn("voice invocations: %s", tostring(err)) end))
    voice:start(device)
    ctx.log.info("waiting for \"Hey Meta, open the app\" on %s", device:name_or_id())
  end,
  stop = function(ctx)
    ctx.log.info("stopped")
  end,
}
