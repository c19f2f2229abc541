-- A 16000x16000 JPEG as the captured photo or the camera feed was decoded whole (2.28 GB
-- shown on the display under --max-memory 64M). The header is read first: an image over
-- the pixel limit is refused before decoding, in a Lua error naming its size, the limit
-- and the fix (this file is 632 bytes: only its header claims 16000x16000). Standard only:
-- strict words every unusable media file alike, so it names no size.
-- sandboxes: standard
-- exit: 0
-- stdout: photo refused: a 16000x16000 image (256 megapixels)
-- stdout: feed refused: a 16000x16000 image (256 megapixels)
-- stdout: the limit of 50 megapixels
local jpeg = arg[0]:gsub("[^/]*$", "header_16000x16000.jpg")
local glasses = mock.paired()[1]
for _, call in ipairs{"photo", "feed"} do
  local ok, err = pcall(glasses.camera[call], glasses.camera, jpeg)
  assert(not ok, call .. " took the image")
  local message = tostring(err)
  print(call .. " refused: " .. assert(message:match("a %d+x%d+ image %(%d+ megapixels%)"), message))
  print(message)
end
-- The camera still captures.
local session = wearables.session()
session:start()
local cam = session:camera{resolution = "low"}
cam:start()
assert(cam:capture(), "no photo")
print("captured")
