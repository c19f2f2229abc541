-- Benchmark: frame:faces() against rendering the frame itself, on alternate
-- frames of a 30 fps stream at resolution arg[1], fed the still arg[2] (two
-- faces) so the detector has something to find. Rendering is timed as
-- frame:save("frame.ppm"): the full pixels, written uncompressed. Prints the
-- CPU milliseconds per frame of each and how many faces were found. The first
-- call, which loads dlib, is left out.
local res, image, frames = arg[1] or "low", arg[2], 20
if image then mock.paired()[1].camera:feed(image) end
local cam = wearables.stream{resolution = res, fps = 30}
cam:start()
cam:next_frame():faces()
local render, search, found = 0, 0, 0
for _ = 1, frames do
  local rendered = cam:next_frame()
  local start = os.clock()
  rendered:save("frame.ppm")
  render = render + os.clock() - start
  local searched = cam:next_frame()
  start = os.clock()
  found = found + #searched:faces()
  search = search + os.clock() - start
end
print(("%.2f %.2f %d"):format(render * 1000 / frames, search * 1000 / frames, found))
exit(0)
