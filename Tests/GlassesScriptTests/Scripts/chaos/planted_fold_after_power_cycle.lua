-- A planted policy bug for the shrinker: the policy breaks when the glasses fold
-- within 1 s of coming back from a power cycle. Around it, chaos adds folds,
-- drops and doffs that do not matter, which shrinking must drop.
--   glasses run --seed N --for 300s planted_fold_after_power_cycle.lua
local glasses = mock.paired()[1]
mock.chaos{
  rates = {fold = 360, power_cycle = 120, disconnect = 120, doff = 60},
  durations = {fold = {min = 0.5, max = 2}, power_cycle = {min = 1, max = 3}, disconnect = {min = 1, max = 5}, doff = {min = 1, max = 5}},
  span = 300,
}
local powered, powered_at, hinge = true, -math.huge, "open"
expect("fold_after_power_cycle", function()
  if glasses.powered and not powered then powered_at = now() end
  powered = glasses.powered
  local device = glasses.device
  local now_hinge = device and device.hinge or hinge
  local broken = now_hinge == "closed" and hinge ~= "closed" and now() - powered_at < 1
  hinge = now_hinge
  if broken then return false, ("folded %.3f s after a power cycle"):format(now() - powered_at) end
  return true
end)
