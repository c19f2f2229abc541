-- chaos_reconnect.lua: the reconnect recipe under seeded chaos, with the checks
-- that say whether the policy held. The faults (folds, power cycles, Bluetooth
-- drops, heat, flat batteries, failed captures, bandwidth dips, phone calls,
-- doffs, and the field's failures: sessions the glasses end, starts that hang
-- and fail, an orphaned camera) are drawn from --seed, so every seed is a
-- different, reproducible day.
--
--   glasses run --seed 7 --for 10m examples/chaos_reconnect.lua
--   glasses sweep --seeds 1..1000 --for 10m --shrink examples/chaos_reconnect.lua
--   glasses run --seed 7 --for 10m --perfetto run.json examples/chaos_reconnect.lua   # open in ui.perfetto.dev
--
-- A failed check ends the run with exit 4 and says which. arg[1] is the recovery
-- bound in seconds (default 15): a smaller one (`... chaos_reconnect.lua 3`) is
-- stricter than the recipe promises, and makes some seeds fail.

local RECOVERY = tonumber(arg[1]) or 15
local glasses = mock.paired()[1]
local handle = recipes.run("reconnect")

mock.chaos{
  rates = {
    fold = 6, power_cycle = 3, disconnect = 12, thermal = 1, battery = 1,
    capture_failure = 6, bandwidth = 3, phone_call = 2, doff = 4,
    session_ended = 2, start_internal_error = 2, orphaned_camera = 1,
  },
  durations = {disconnect = {min = 1, max = 30}},
  min_gap = 20,
}

expect("photos_resolve")                 -- every accepted capture ends in a photo or a PhotoError
expect("restart_gap")                    -- never a session start within 2 s of a stop
expect("streaming_within", RECOVERY)     -- streaming again within RECOVERY s of the last fault clearing
expect("never stuck", function()
  return not glasses.stuck, "the glasses are stuck (a restart came too soon after a stop)"
end)

every(60, function()
  local cam = handle.camera
  if cam and cam.state == "streaming" then cam:try_capture() end
end)
