// Generated from Sources/GlassesScript/Recipes/Resources by RecipeTests; do not edit.
// After changing a file there: GLASSES_UPDATE_GOLDENS=1 swift test --filter Golden

extension RecipeResources {
    /// Each file's path under Sources/GlassesScript/Recipes/Resources, and its text.
    static let files: [(path: String, text: String)] = [
        (
            "builtin/audio-diagnostics.recipe/init.lua",
            #"""
-- audio-diagnostics: the field diagnostics flow (examples/audio_diagnostics.lua
-- runs it): route and its changes, a recording from the glasses' microphone
-- (HFP), playback through the glasses (A2DP), and recording.wav plus
-- audio_report.json in ctx.output. On the simulator the microphone hears 440 Hz.

-- Marks a table as a JSON array, so an empty one is written as [] and not {}.
local ARRAY = {}
local function array(t) return setmetatable(t, ARRAY) end

local function first_port(list) return list[1] and list[1].port or nil end
local function route_json(route) return {inputs = array(route.inputs), outputs = array(route.outputs)} end

-- JSON with sorted object keys, so the report is stable across runs.
local function json(value)
  local kind = type(value)
  if kind == "table" then
    local parts = {}
    if getmetatable(value) == ARRAY or value[1] ~= nil then
      for _, v in ipairs(value) do parts[#parts + 1] = json(v) end
      return "[" .. table.concat(parts, ",") .. "]"
    end
    local keys = {}
    for k in pairs(value) do keys[#keys + 1] = tostring(k) end
    table.sort(keys)
    for _, k in ipairs(keys) do parts[#parts + 1] = json(k) .. ":" .. json(value[k]) end
    return "{" .. table.concat(parts, ",") .. "}"
  elseif kind == "string" then
    return '"' .. value:gsub('[%c"\\]', function(c) return ("\\u%04x"):format(c:byte()) end) .. '"'
  elseif kind == "number" then
    return value == value and value ~= math.huge and value ~= -math.huge and ("%.6g"):format(value) or "null"
  elseif kind == "boolean" then
    return tostring(value)
  end
  return "null"
end

return {
  name = "audio-diagnostics",
  version = "1.0.0",
  description = "Check the glasses' audio end to end: route, recording, playback and a report.",
  author = "GlassesScript",
  license = "MIT",
  -- The report is written with io.open, which the strict sandbox removes.
  sandbox = "standard",
  params = {
    {name = "seconds", type = "duration", default = "3s", min = 0.1, max = 3600, doc = "Recording length."},
  },
  start = function(ctx, params)
    local report = {requested_seconds = params.seconds, route_changes = array{}, problems = array{}}
    local function problem(text)
      report.problems[#report.problems + 1] = text
      ctx.log.warn("%s", text)
    end

    local glasses = mock and mock.paired()[1]
    if glasses then glasses.microphone:feed{tone = 440} end

    report.initial_route = route_json(audio.route())
    local route_listener = ctx:hold(audio.on("route", function(route, reason)
      ctx.log.info("route changed (%s)", reason)
      report.route_changes[#report.route_changes + 1] =
        {time = now(), reason = reason, input = first_port(route.inputs), output = first_port(route.outputs)}
    end))
    -- Releases the audio session however the recipe ends.
    ctx:hold(function() audio.deactivate() end)

    audio.configure{category = "playAndRecord", mode = "voiceChat", options = {"allowBluetooth"}}
    audio.activate()
    local recording_route = audio.route()
    report.recording_route = route_json(recording_route)
    if first_port(recording_route.inputs) ~= "bluetoothHFP" then
      problem("the glasses' microphone is not the input; are the glasses connected?")
    end

    local rec = ctx:hold(audio.record{path = "recording.wav", duration = params.seconds})
    local levels = {samples = 0, sum = 0, peak = 0}
    local meter = ctx:hold(every(0.1, function()
      if rec.state ~= "recording" then return end
      levels.samples, levels.sum = levels.samples + 1, levels.sum + rec.level
      levels.peak = math.max(levels.peak, rec.level)
    end))
    ctx.log.info("recording %g s from %s", params.seconds, first_port(recording_route.inputs) or "nothing")
    local ok, recorded = pcall(rec.wait, rec)
    meter:cancel()
    if not ok then problem("recording ended early: " .. tostring(recorded)) end
    report.recording = {
      file = rec.path:match("[^/]+$"), seconds = rec.duration, state = rec.state,
      level_mean = levels.samples > 0 and levels.sum / levels.samples or 0, level_peak = levels.peak,
    }
    if levels.peak < 0.01 then problem("the recording is silent (peak level " .. levels.peak .. ")") end
    if levels.peak > 0.99 then problem("the recording clips (peak level " .. levels.peak .. ")") end

    audio.configure{category = "playback"}
    local player = ctx:hold(audio.play(rec.path))
    report.playback_route = route_json(audio.route())
    local played, ending = pcall(player.wait, player)
    if not played then problem("playback failed: " .. tostring(ending)) end
    report.playback = {output = player.output, state = player.state, progress = player.progress, seconds = player.duration}
    if player.output ~= "bluetoothA2DP" and player.output ~= "bluetoothHFP" then
      problem("playback did not go to the glasses (output " .. tostring(player.output) .. ")")
    end

    -- Done: let go of the session and the listener now, so a run of just this recipe ends here.
    audio.deactivate()
    route_listener:cancel()
    report.verdict = #report.problems == 0 and "ok" or "problems"
    local path = ctx.output .. "/audio_report.json"
    local file = assert(io.open(path, "w"))
    file:write(json(report), "\n")
    file:close()
    ctx.log.info("%s; report at %s", report.verdict, path)
  end,
}

"""#
        ),
        (
            "builtin/code-capture.recipe/init.lua",
            #"""
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
    -- and the next photo is not credited to it.
    ctx:hold(cam:on("error", function(err)
      if err.domain ~= "PhotoError" or #pending == 0 then return end
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

"""#
        ),
        (
            "builtin/don-capture.recipe/init.lua",
            #"""
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

"""#
        ),
        (
            "builtin/face-capture.recipe/init.lua",
            #"""
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

"""#
        ),
        (
            "builtin/interval-capture.recipe/init.lua",
            #"""
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

"""#
        ),
        (
            "builtin/reconnect.recipe/init.lua",
            #"""
-- reconnect: keep a session and camera streaming across folds, power cycles,
-- flat batteries, heat and Bluetooth drops. DAT resumes a paused session by
-- itself (short drop, doff, a second tap) but never restarts a stopped one; this recipe
-- waits out pauses and restarts stopped sessions:
--   * it starts only when the glasses could stream (connected, not too hot,
--     battery above 10 %, not taken off), woken by link, device, session and camera changes rather
--     than by polling, so streaming is back about 2 s after they are;
--   * never within restart_gap of the last stop (rapid stop/start can wedge
--     real glasses);
--   * a start that fails while the glasses could stream is a failed attempt:
--     retried with exponential backoff plus jitter (from the run's seed), and
--     after give_up of them in a row the recipe gives up for good, visibly
--     (handle.status "gave_up", an error, exit 1). Waiting for the glasses to
--     come back is never a failure; a start that works resets the count.
-- handle.session, handle.camera (the current ones) and handle.sessions (how
-- many have streamed) let a script capture on the stream the recipe keeps alive.
return {
  name = "reconnect",
  version = "1.1.0",
  description = "Keep a session and camera streaming across folds, power cycles, drops and heat; wait out pauses.",
  author = "GlassesScript",
  license = "MIT",
  params = {
    {name = "restart_gap", type = "duration", default = "2.5s", min = 2, doc = "Minimum time between a stop and the next start (at least 2 s)."},
    {name = "backoff_min", type = "duration", default = "1s", min = 0.1, doc = "First retry delay after a failed start."},
    {name = "backoff_max", type = "duration", default = "30s", min = 0.1, doc = "Longest retry delay."},
    {name = "jitter", type = "number", default = 0.2, min = 0, max = 1, doc = "Random fraction added to each delay."},
    {name = "give_up", type = "integer", default = 10, min = 0,
     doc = "Starts in a row that fail while the glasses could stream before giving up (0: never); waiting for them is not a failure."},
    {name = "resolution", type = "enum", default = "low", values = {"low", "medium", "high"}, doc = "Stream resolution."},
  },
  start = function(ctx, params)
    -- math.random draws from the run's --seed, so the same run waits the same delays.
    local function delay(seconds) return seconds * (1 + params.jitter * math.random()) end
    local too_hot = {severe = true, critical = true, emergency = true, shutdown = true}
    local selector = wearables.auto_selector()

    local function ready()
      local device = selector.active_device
      return device ~= nil and device.link == "connected" and not too_hot[device.thermal] and device.don ~= "doffed"
        and (device.battery == nil or device.battery > 10) -- at 10 % or less the glasses refuse a stream
    end

    -- The policy sleeps in a task of its own that any change cancels, so it
    -- wakes at once instead of sleeping through a delay.
    local sleeper
    local function nap(seconds)
      sleeper = spawn(function() wait(seconds) end)
      pcall(sleeper.join, sleeper)
      sleeper = nil
    end
    ctx:hold(function() if sleeper then sleeper:cancel() end end)
    local comebacks, was_ready = 0, ready()
    local function changed()
      local now_ready = ready()
      if now_ready and not was_ready then comebacks = comebacks + 1 end
      was_ready = now_ready
      if sleeper then sleeper:cancel() end
    end
    local watched = {}
    local function watch_devices()
      for _, device in ipairs(wearables.devices()) do
        if not watched[device.id] then
          watched[device.id] = true
          ctx:hold(device:on("state", changed)) -- link, thermal, wear: every field
        end
      end
    end
    ctx:hold(wearables.on("devices", function() watch_devices(); changed() end))
    ctx:hold(selector:on("active", changed))

    -- Listeners on the current session and camera, dropped with them.
    local listening = {}
    local function stop_listening()
      for i = #listening, 1, -1 do listening[i]:cancel(); listening[i] = nil end
    end
    ctx:hold(stop_listening)

    local last_stop = -math.huge
    local backoff = params.backoff_min
    local failures, sessions = 0, 0
    local SAFETY_NAP = 60 -- naps end by themselves after this, in case a change was missed

    local session -- the current one, stopped again when a start fails half-way
    local function stream()
      session = wearables.session(selector)
      ctx:expose("session", session)
      listening[#listening + 1] = session:on("state", changed)
      session:start()
      local cam = session:camera{resolution = params.resolution, fps = 15}
      ctx:expose("camera", cam)
      listening[#listening + 1] = cam:on("state", changed)
      cam:start()
      sessions = sessions + 1
      ctx:expose("sessions", sessions)
      ctx.log.info("streaming (session %d) from %s", sessions, session.device and session.device.name or "?")
      failures, backoff = 0, params.backoff_min
      -- paused is DAT's to resume (or to end): wait it out. A thermal or battery
      -- stop ends the camera but not the session: restart both.
      while session.state ~= "stopped" and cam.state ~= "stopped" do nap(SAFETY_NAP) end
      if session.state ~= "stopped" then
        ctx.log.warn("camera %s; restarting the session", cam.state)
      end
    end

    local function attempt()
      local ok, err = pcall(stream)
      stop_listening()
      if session and session.state ~= "stopped" then pcall(session.stop, session) end
      last_stop = now()
      if ok then
        ctx.log.info("session stopped; restarting when the glasses are back")
      elseif not ready() then
        ctx.log.info("start interrupted: %s; restarting when the glasses are back", tostring(err))
      else
        failures = failures + 1
        if params.give_up > 0 and failures >= params.give_up then
          ctx:give_up("%d starts in a row failed while the glasses could stream (last: %s)", failures, tostring(err))
        end
        local wait_for = delay(backoff)
        ctx.log.warn("attempt %d failed: %s; retrying in %.1f s", failures, tostring(err), wait_for)
        backoff = math.min(backoff * 2, params.backoff_max)
        -- Glasses that went away and came back meanwhile are worth a try at once.
        local deadline, seen = now() + wait_for, comebacks
        while now() < deadline and comebacks == seen do nap(deadline - now()) end
      end
    end

    watch_devices()
    ctx:hold(spawn(function()
      while true do
        if not ready() then
          nap(SAFETY_NAP)
        elseif now() < last_stop + params.restart_gap then
          wait(last_stop + params.restart_gap - now())
        else
          attempt()
        end
      end
    end))
  end,
}

"""#
        ),
        (
            "builtin/scene-change-capture.recipe/init.lua",
            #"""
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

"""#
        ),
        (
            "builtin/sharp-capture.recipe/init.lua",
            #"""
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

"""#
        ),
        (
            "context.lua",
            #"""
-- Starts one recipe: builds its ctx and returns the handle scripts get
-- (handle.status, handle:stop(), and what the recipe exposes) and the function
-- its task runs.
-- luacheck: no self (ctx and handle are called as methods but keep their state in upvalues)
local definition, params, info = ...
local held = {}

local ctx = {name = info.name, output = info.output, resources = info.resources}
ctx.log = {}
for _, level in ipairs({"debug", "info", "warn", "error"}) do
  ctx.log[level] = function(format, ...)
    log[level]("[%s] " .. tostring(format), info.name, ...)
  end
end

--- Keeps a handle, timer, task, camera or session (or a cleanup function)
--- until the recipe stops; returns it.
function ctx:hold(handle)
  held[#held + 1] = handle
  return handle
end

local handle = {name = info.name, status = "starting"}
local reserved = {name = true, status = true, stop = true}

--- Offers `value` to scripts as `handle[name]` (reconnect: the current camera), nil to withdraw it.
function ctx:expose(name, value)
  if reserved[name] then error(("ctx:expose: '%s' is the handle's own field"):format(tostring(name)), 2) end
  handle[name] = value
end

-- A host object raises on a name its class lacks, so each name is tried on its own.
local function method_of(object, name)
  local ok, method = pcall(function() return object[name] end)
  return ok and method or nil
end

local function release(object)
  if type(object) == "function" then return pcall(object) end
  local method = method_of(object, "cancel") or method_of(object, "stop")
  if method then return pcall(method, object) end
end

-- Calls the recipe's stop, then releases what it holds, newest first.
local function finish(status)
  handle.status = status
  if definition.stop then
    local ok, err = pcall(definition.stop, ctx)
    if not ok then ctx.log.error("stop failed: %s", tostring(err)) end
  end
  for i = #held, 1, -1 do
    release(held[i])
    held[i] = nil
  end
end

function handle:stop()
  if self.status == "stopped" or self.status == "gave_up" then return end
  finish("stopped")
end

--- Ends the recipe for good: status "gave_up", what it holds released, and an
--- error raised in the calling task, reported like any uncaught error (stderr,
--- trace, exit code 1), so a run does not go on as if the recipe still worked.
function ctx:give_up(format, ...)
  finish("gave_up")
  error(("%s gave up: %s"):format(info.name, tostring(format):format(...)), 2)
end

local function run()
  -- Stopped before its task first ran: it never starts.
  if handle.status ~= "starting" then return end
  handle.status = "running"
  local ok, err = pcall(definition.start, ctx, params)
  if not ok then
    -- ctx:give_up raises to end the recipe; its status stays gave_up.
    if handle.status ~= "gave_up" then handle.status = "failed" end
    error(err, 0)
  end
end

return handle, run

"""#
        ),
        (
            "driver.lua",
            #"""
-- The main chunk of `glasses recipe run`: starts the recipe the host chose and
-- leaves its handle for the host to stop when the run ends.
-- luacheck: globals _RECIPE _RECIPE_HANDLE
local spec = _RECIPE
_RECIPE = nil
_RECIPE_HANDLE = recipes.run(spec.name, spec.params)

"""#
        ),
    ]
}
