-- Benchmark: frame:codes() against rendering the frame itself, on alternate
-- frames of a 30 fps stream at resolution arg[1], fed the still arg[2] (a QR
-- code) so the scanner has something to find. Rendering is timed as
-- frame:save("frame.ppm"): the full pixels, written uncompressed. Prints the
-- CPU milliseconds per frame of each and how many codes were found.
local res, image, frames = arg[1] or "low", arg[2], 30
if image then mock.paired()[1].camera:feed(image) end
local cam = wearables.stream{resolution = res, fps = 30}
cam:start()
local render, scan, found = 0, 0, 0
for _ = 1, frames do
  local rendered = cam:next_frame()
  local start = os.clock()
  rendered:save("frame.ppm")
  render = render + os.clock() - start
  local scanned = cam:next_frame()
  start = os.clock()
  found = found + #scanned:codes()
  scan = scan + os.clock() - start
end
print(("%.2f %.2f %d"):format(render * 1000 / frames, scan * 1000 / frames, found))
exit(0)
