-- Fails for some seeds and not others, deterministically (math.random follows --seed):
-- an uncaught error (exit 1), a failed expect check (exit 4), or a pass.
local draw = math.random(4)
if draw == 1 then
  error("unlucky seed")
elseif draw == 2 then
  expect("planted", function() return now() < 1, "planted failure after 1 s" end)
end
wait(2)
