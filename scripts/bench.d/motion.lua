-- A simulated day (86,000 s, under the 24 h horizon) with a timer ticking every second (the baseline workload), with
-- (arg[1] == "motion") or without a started 60 Hz Motion that nobody listens to.
-- Samples are computed when read, so the ratio of the two runs' times should be ~1.
local session = wearables.session()
session:start()
if arg[1] == "motion" then
  local m = session:motion{rate = "hz60"}
  m:start()
end
local ticks = 0
local timer = every(1, function() ticks = ticks + 1 end)
wait(86000)
timer:cancel()
session:stop()
print(ticks)
