-- reconnect.lua: keep a camera stream alive across folds, power cycles and
-- Bluetooth drops.
--
-- The policy:
--   * wait until the device is connected (folding or powering off disconnects it;
--     DAT never restarts a session by itself, so the script must);
--   * never start a new session within 2 s of the last one stopping: rapid
--     stop/start can leave real glasses stuck until they are power-cycled;
--   * retry failed starts with exponential backoff (1 s, 2 s, 4 s ... capped).
--
--   glasses run --trace out/reconnect.jsonl examples/reconnect.lua [--demo]
--
-- With --demo the script also plays a fault schedule on the simulator (fold,
-- power cycle, a 15 s Bluetooth drop: longer than the 10 s the glasses wait
-- before ending sessions) and exits after 90 s with a summary.

local RESTART_GAP = 2.5    -- seconds after a stop before a new start
local BACKOFF_MIN, BACKOFF_MAX = 1, 30

local demo = arg[1] == "--demo"
local restarts, failures = 0, 0
local last_stop = -math.huge

local function connected(device)
  return device ~= nil and device.link == "connected"
end

local function wait_for_device(selector)
  while not connected(selector.active_device) do
    wait(0.5)
  end
  return selector.active_device
end

-- One session's life: start it, stream until it stops. Returns the reason.
local function run_session(selector)
  local session = wearables.session(selector)
  session:start()
  local cam = session:camera{resolution = "low", fps = 24}
  cam:start()
  log.info("streaming from %s", session.device.name)
  session:wait_for("stopped")
  last_stop = now()
  return "session stopped"
end

local function keep_alive()
  local selector = wearables.auto_selector()
  local backoff = BACKOFF_MIN
  while true do
    wait_for_device(selector)
    local gap = last_stop + RESTART_GAP - now()
    if gap > 0 then wait(gap) end
    local ok, err = pcall(run_session, selector)
    if ok then
      restarts = restarts + 1
      backoff = BACKOFF_MIN
      log.info("%s; will restart when the glasses are back", err)
    else
      failures = failures + 1
      last_stop = now()
      log.warn("start failed: %s; retrying in %d s", tostring(err), backoff)
      wait(backoff)
      backoff = math.min(backoff * 2, BACKOFF_MAX)
    end
  end
end

spawn(keep_alive)

if demo then
  local glasses = mock.paired()[1]
  after(10, function() log.info("demo: fold"); glasses:fold() end)
  after(15, function() log.info("demo: unfold"); glasses:unfold() end)
  after(30, function() log.info("demo: power off"); glasses:power_off() end)
  after(34, function() log.info("demo: power on"); glasses:power_on() end)
  after(50, function() log.info("demo: Bluetooth drop for 15 s"); glasses:disconnect(15) end)
  after(90, function()
    print(("restarted %d times, %d failed starts"):format(restarts, failures))
    exit(0)
  end)
end
