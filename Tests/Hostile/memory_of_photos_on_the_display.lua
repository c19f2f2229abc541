-- A photo shown on the display is decoded whole before it is fitted to the lens: a
-- 16000x16000 one reached 2.28 GB under --max-memory 64M. Its decoded size, read from the
-- header first, is charged to the cap while it is decoded: over the cap the run ends with
-- the memory limit (exit 3), naming the photo. (The captured image is a 632-byte file
-- whose header claims 6000x6000.)
-- args: --max-memory 200M
-- exit: 3
-- stdout: photo 6000x6000
-- stderr: (--max-memory) exceeded by a 6000x6000 photo decoded for the display
local jpeg = arg[0]:gsub("[^/]*$", "header_6000x6000.jpg")
local glasses = mock.pair("metaRayBanDisplay")
glasses.camera:photo(jpeg)
local session = wearables.session(wearables.auto_selector{filter = function(d) return d:supports_display() end})
session:start()
local cam = session:camera{resolution = "low"}
cam:start()
local photo = cam:capture()
print(("photo %dx%d"):format(photo.width, photo.height))
local display = session:display()
display:start()
display:show{type = "flexbox", children = {{type = "image", pixels = photo}}}
print("shown")
