-- reconnect: keep a session and camera streaming across folds, power cycles,
-- flat batteries, heat and Bluetooth drops. DAT resumes a paused session by
-- itself (short drop, doff, a second tap) but never restarts a stopped one; this recipe
-- waits out pauses and restarts stopped sessions:
--   * except DAT's known issue: a stream started while the glasses were off pauses
--     when they are put on and waits for the wearer's tap; that one is restarted;
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
  version = "1.2.0",
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
      -- stop ends the camera but not the session: restart both. A stream started
      -- while the glasses were off pauses when they are put on and waits for a tap
      -- (DAT's known issue): no app can tap, so restart it.
      local started_doffed = session.device ~= nil and session.device.don == "doffed"
      while session.state ~= "stopped" and cam.state ~= "stopped" do
        if started_doffed and session.state == "paused" and ready() then
          ctx.log.warn("paused as the glasses were put on (the stream started while they were off); restarting the session")
          return
        end
        if session.state ~= "paused" and ready() then started_doffed = false end
        nap(SAFETY_NAP)
      end
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
