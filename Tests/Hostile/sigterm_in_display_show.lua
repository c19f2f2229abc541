-- SIGTERM during one display:show of 200 images of a 6000x6000 photo (half a minute of
-- host code, which no hook reaches), without --timeout: the trace was 0 bytes and the
-- run went on. The hard stop ends it a second after the signal, exit 143, the trace
-- ending with the end record. (header_6000x6000.jpg is a 632-byte file that decodes whole.)
-- signal: TERM
-- exit: 143
-- stdout: photo 6000x6000
-- stderr: terminated (SIGTERM), and the script did not stop within 1 s
-- trace: "event":"end","values":{"reason":"interrupted","code":143,"signal":"SIGTERM","message":"terminated (SIGTERM), and
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
local children = {}
for i = 1, 200 do children[i] = {type = "image", pixels = photo} end
log.info("ready")
display:show{type = "flexbox", children = children}
print("shown")
