-- quickstart.lua: the shortest useful GlassesScript.
--
-- Lists the glasses the app can see, starts a session on the first connected
-- pair, starts the camera, captures one photo and saves it.
--
--   glasses run --out out examples/quickstart.lua
--
-- On the simulator's `ready` world (the default) there is one Ray-Ban Meta,
-- registered, with camera permission granted, so this runs as is.

for _, device in ipairs(wearables.devices()) do
  print(("%-12s %-14s link=%-12s battery=%s%%"):format(
    device.id, device.name, device.link, tostring(device.battery)))
end

-- A session on the auto selector: the first connected device.
local session = wearables.session()
session:start()                      -- waits until the session is `started`

local cam = session:camera{resolution = "low", fps = 24}
cam:start()                          -- waits until the camera is `streaming`

local frame = cam:next_frame()
print(("first frame #%d: %dx%d, mean luma %.2f"):format(
  frame.index, frame.width, frame.height, frame:luma()))

local photo = cam:capture("jpeg")    -- streaming pauses for the capture, then resumes
photo:save("quickstart.jpg")         -- relative paths go to --out
print(("saved quickstart.jpg: %dx%d, %d bytes"):format(photo.width, photo.height, photo.size))

cam:stop()
session:stop()
