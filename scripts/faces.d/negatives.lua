-- Frames without faces for scripts/faces-compare: three frames of the camera's
-- feed (arg[2], a still; default the moving synthetic scene) at resolution arg[1],
-- saved as NAME-RES-N.png (NAME: arg[3]) under --out.
local res, still, name = arg[1], arg[2], arg[3] or "scene"
if still then mock.paired()[1].camera:feed(still) end
local cam = wearables.stream{resolution = res, fps = 30}
cam:start()
for i = 1, 3 do
  wait(1.7)
  cam:next_frame():save(("%s-%s-%d.png"):format(name, res, i))
end
exit(0)
