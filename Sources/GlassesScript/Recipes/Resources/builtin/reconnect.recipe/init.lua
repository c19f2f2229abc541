-- reconnect: keep a session and camera alive across folds, power cycles,
-- Bluetooth drops and thermal stops. DAT never restarts a session by itself;
-- this recipe does, never within 2 s of the last stop (rapid stop/start can
-- wedge real glasses), with exponential backoff plus jitter (from the run's
-- seed), and gives up
-- after too many failed attempts in a row.
return {
  name = "reconnect",
  version = "1.0.0",
  description = "Keep a session and camera streaming across folds, power cycles and drops.",
  author = "GlassesScript",
  license = "MIT",
  params = {
    {name = "restart_gap", type = "duration", default = "2.5s", min = 2, doc = "Minimum time between a stop and the next start (at least 2 s)."},
    {name = "backoff_min", type = "duration", default = "1s", min = 0.1, doc = "First retry delay."},
    {name = "backoff_max", type = "duration", default = "30s", min = 0.1, doc = "Longest retry delay."},
    {name = "jitter", type = "number", default = 0.2, min = 0, max = 1, doc = "Random fraction added to each delay."},
    {name = "give_up", type = "integer", default = 10, min = 0, doc = "Failed attempts in a row before giving up (0: never)."},
    {name = "resolution", type = "enum", default = "low", values = {"low", "medium", "high"}, doc = "Stream resolution."},
  },
  start = function(ctx, params)
    -- math.random draws from the run's --seed, so the same run waits the same delays.
    local function delay(seconds) return seconds * (1 + params.jitter * math.random()) end

    local selector = wearables.auto_selector()
    local last_stop = -math.huge
    local backoff = params.backoff_min
    local failures, sessions = 0, 0

    local session -- the current one, stopped again when a start fails half-way
    local function stream()
      session = wearables.session(selector)
      session:start()
      local cam = session:camera{resolution = params.resolution, fps = 15}
      cam:start()
      sessions = sessions + 1
      ctx.log.info("streaming (session %d) from %s", sessions, session.device and session.device.name or "?")
      failures, backoff = 0, params.backoff_min
      -- A thermal stop ends the stream but not the session: restart both.
      while session.state ~= "stopped" and cam.state == "streaming" do wait(0.5) end
      if session.state ~= "stopped" then
        ctx.log.warn("camera %s; restarting the session", cam.state)
        pcall(session.stop, session)
      end
    end

    ctx:hold(spawn(function()
      while true do
        local device = selector.active_device
        local ok, err = false, "glasses not connected"
        if device and device.link == "connected" then
          local gap = last_stop + params.restart_gap - now()
          if gap > 0 then wait(gap) end
          ok, err = pcall(stream)
          if session and session.state ~= "stopped" then pcall(session.stop, session) end
          last_stop = now()
        end
        if ok then
          ctx.log.info("session stopped; restarting when the glasses are back")
        else
          failures = failures + 1
          if params.give_up > 0 and failures >= params.give_up then
            ctx.log.error("giving up after %d failed attempts (last: %s)", failures, tostring(err))
            return
          end
          local wait_for = delay(backoff)
          ctx.log.warn("attempt %d failed: %s; retrying in %.1f s", failures, tostring(err), wait_for)
          wait(wait_for)
          backoff = math.min(backoff * 2, params.backoff_max)
        end
      end
    end))
  end,
}
