-- reconnect_soak.lua: the reconnect recipe plus an auto-capture loop under a
-- day of seeded faults (folds, power cycles, flat and low battery, heat,
-- Bluetooth drops, doff/don, taps), one at a time. Checks, and exits 1 naming
-- each broken promise:
--   * every accepted try_capture ends in exactly one photo or one StreamError.photoCaptureFailed
--     (DAT 0.9+: the stream's error channel; the stream's own end comes before it);
--   * the model keeps its rules: DAT's state transitions, a streaming camera
--     only on a started session, glasses never stuck (the 2 s restart rule);
--   * the recipe keeps running, and does not restart a session that was only paused;
--   * streaming is back within RECOVERY_BOUND of every fault clearing.
--
--   glasses run --seed N --for 25h scripts/soak.d/reconnect_soak.lua [HOURS]
--
-- Prints one summary line starting "soak ok" (or "soak FAILED") and exits itself
-- before --for, which is only a safety net.

local HOURS = tonumber(arg[1]) or 24
local CAPTURE_EVERY = 10       -- seconds between try_capture attempts
local OUTCOME_BOUND = 12       -- a capture's outcome arrives within this (the 10 s capture timeout, plus slack)
-- The reconnect policy's bound once a fault clears (restart_gap + 2 s): the link's 1 s to connect,
-- the recipe's 2.5 s restart gap, 0.5 s to open the session, 0.3 s to start the camera.
local RECOVERY_BOUND = 4.5
local QUIET = {60, 600}        -- seconds of calm after each fault has cleared and streaming is back

local glasses = mock.paired()[1]
-- A tiny captured picture: encoding thousands of full-size photos would be most of the run's time.
glasses.camera:photo(arg[0]:match("(.*/)") .. "tiny.png")
local handle = recipes.run("reconnect")

local problems, problem_count = {}, 0
local function problem(kind, format, ...)
  problem_count = problem_count + 1
  local entry = problems[kind]
  if not entry then
    entry = {count = 0, first = ("%.1f s: "):format(now()) .. format:format(...)}
    problems[kind] = entry
  end
  entry.count = entry.count + 1
end

-- DAT's transitions, as the model states them (DeviceSession/CameraStream.transitions).
local session_moves = {
  idle = {starting = true, stopped = true}, starting = {started = true, stopping = true, stopped = true},
  started = {paused = true, stopping = true, stopped = true}, paused = {started = true, stopping = true, stopped = true},
  stopping = {stopped = true}, stopped = {},
}
local camera_moves = {
  stopped = {waitingForDevice = true, starting = true},
  waitingForDevice = {starting = true, stopping = true, stopped = true},
  starting = {streaming = true, paused = true, stopping = true, stopped = true},
  streaming = {paused = true, stopping = true, stopped = true},
  paused = {streaming = true, stopping = true, stopped = true}, stopping = {stopped = true},
}

local stats = {accepted = 0, photos = 0, errors = {}, faults = 0, worst_recovery = 0, recoveries = 0}
local watched = setmetatable({}, {__mode = "k"})

local function follow_states(object, what, moves, on_state)
  local previous
  return object:on("state", function(state)
    if previous and not moves[previous][state] then
      problem("transition", "%s went %s -> %s", what, previous, state)
    end
    previous = state
    if on_state then on_state(state) end
  end)
end

-- Outcomes of this camera's captures: one in flight at most (DAT capturePhoto).
local function watch(cam, session)
  local pending -- the time the capture in flight was accepted
  local function outcome(kind)
    if not pending then return problem("extra_outcome", "a %s with no capture in flight", kind) end
    pending = nil
  end
  local handles = {
    cam:on("photo", function() stats.photos = stats.photos + 1; outcome("photo") end),
    cam:on("error", function(err)
      if err.code ~= "photoCaptureFailed" then return end
      stats.errors[err.code] = (stats.errors[err.code] or 0) + 1
      outcome(tostring(err))
    end),
    follow_states(session, "a session", session_moves),
  }
  handles[#handles + 1] = follow_states(cam, "a camera", camera_moves, function(state)
    if state == "streaming" and session.state ~= "started" then
      problem("streaming_unstarted", "camera streaming on a %s session", session.state)
    elseif state == "stopped" then
      after(OUTCOME_BOUND + 1, function() for _, h in ipairs(handles) do h:cancel() end end)
    end
  end)
  watched[cam] = {
    accept = function()
      pending = now()
      local accepted_at = pending
      after(OUTCOME_BOUND, function()
        if pending == accepted_at then problem("lost_capture", "the capture accepted at %.1f s got no outcome", accepted_at) end
      end)
    end,
  }
end

local function current_camera()
  local cam, session = handle.camera, handle.session
  if cam and session and not watched[cam] then watch(cam, session) end
  return cam
end

every(CAPTURE_EVERY, function()
  local cam = current_camera()
  if cam and cam.state == "streaming" and cam:try_capture() then
    stats.accepted = stats.accepted + 1
    watched[cam].accept()
  end
end)

local function between(range) return range[1] + (range[2] - range[1]) * math.random() end

-- Each fault: what it does, how long it lasts, how it clears (nil: the glasses
-- recover by themselves after the duration) and whether it only pauses the session.
local faults = {
  {name = "fold", span = {5, 300}, apply = function() glasses:fold() end, clear = function() glasses:unfold() end},
  {name = "power", span = {5, 300}, apply = function() glasses:power_off() end, clear = function() glasses:power_on() end},
  {name = "battery_flat", span = {60, 900}, apply = function() glasses:set_battery(0) end,
   clear = function() glasses:set_battery(100); glasses:power_on() end},
  {name = "battery_low", span = {30, 300}, apply = function() glasses:set_battery(8) end,
   clear = function() glasses:set_battery(100) end},
  {name = "thermal_critical", span = {30, 300}, apply = function() glasses:set_thermal("critical") end,
   clear = function() glasses:set_thermal("none") end},
  {name = "thermal_severe", span = {30, 300}, apply = function() glasses:set_thermal("severe") end,
   clear = function() glasses:set_thermal("none") end},
  {name = "short_drop", span = {1, 9}, pause_only = true, apply = function(d) glasses:disconnect(d) end},
  {name = "long_drop", span = {12, 60}, apply = function(d) glasses:disconnect(d) end},
  -- Off for under 3 s, nothing happens; longer, the camera stops (hingesClosed, DAT 0.9+).
  {name = "brief_doff", span = {0.5, 2.5}, pause_only = true, apply = function() glasses:doff() end,
   clear = function() glasses:don() end},
  {name = "short_doff", span = {4, 25}, apply = function() glasses:doff() end, clear = function() glasses:don() end},
  {name = "long_doff", span = {35, 180}, apply = function() glasses:doff() end, clear = function() glasses:don() end},
  -- A tap pauses until the next tap (DAT's captouch toggle).
  {name = "tap", span = {1, 30}, pause_only = true, apply = function() glasses:tap() end,
   clear = function() glasses:tap() end},
}

local function streaming() local cam = current_camera(); return cam ~= nil and cam.state == "streaming" end

local function check_invariants()
  if glasses.stuck then problem("stuck", "the glasses are stuck: a session restarted within 2 s of a stop") end
  if handle.status ~= "running" then problem("recipe_status", "the recipe's status is %s", handle.status) end
end

spawn(function()
  wait(30)
  while true do
    check_invariants()
    local fault = faults[math.random(#faults)]
    local duration = between(fault.span)
    local session_before = handle.session
    stats.faults = stats.faults + 1
    fault.apply(duration)
    wait(duration)
    if fault.clear then fault.clear() end
    local cleared = now()
    while not streaming() and now() - cleared < RECOVERY_BOUND do wait(0.1) end
    if streaming() then
      local took = now() - cleared
      stats.recoveries = stats.recoveries + 1
      if took > stats.worst_recovery then stats.worst_recovery = took end
    else
      problem("slow_recovery", "no streaming %.0f s after %s (%.0f s) cleared", RECOVERY_BOUND, fault.name, duration)
    end
    if fault.pause_only and handle.session ~= session_before then
      problem("restart_on_pause", "the session was restarted for a %s, which only pauses it", fault.name)
    end
    wait(between(QUIET))
  end
end)

after(HOURS * 3600, function()
  check_invariants()
  local errors, error_count = {}, 0
  for code, count in pairs(stats.errors) do
    errors[#errors + 1] = ("%s %d"):format(code, count)
    error_count = error_count + count
  end
  table.sort(errors)
  local summary = ("%d h: %d faults, %d sessions, %d captures accepted, %d photos, %d errors (%s), worst recovery %.1f s")
    :format(HOURS, stats.faults, handle.sessions or 0, stats.accepted, stats.photos,
      error_count, table.concat(errors, ", "), stats.worst_recovery)
  if problem_count == 0 then
    print("soak ok: " .. summary)
    exit(0)
  end
  print("soak FAILED: " .. summary)
  local kinds = {}
  for kind in pairs(problems) do kinds[#kinds + 1] = kind end
  table.sort(kinds)
  for _, kind in ipairs(kinds) do
    print(("  %s x%d, first at %s"):format(kind, problems[kind].count, problems[kind].first))
  end
  exit(1)
end)
