-- Fails for some seeds and not others, deterministically (math.random follows --seed), in
-- two ways whose messages carry numbers that differ from seed to seed: a failed expect
-- check (exit 4) and an uncaught error (exit 1). A sweep groups each way as one cause.
local draw = math.random(3)
local noise = math.random(1000)
if draw == 1 then
  expect("late", function() return now() < 1, ("failed %.3f s in, after draw %d"):format(now(), noise) end)
elseif draw == 2 then
  error("unlucky draw " .. noise)
end
wait(2)
