-- Benchmark: every frame of a 30 fps stream goes to a Lua callback that diffs it
-- against the previous one (the scene-change trigger's inner loop).
local res = arg[1] or "low"
local cam = wearables.stream{ resolution = res, fps = 30 }
local previous
cam:on("frame", function(frame)
  if previous then frame:diff(previous) end
  previous = frame:copy()
end)
cam:start()
