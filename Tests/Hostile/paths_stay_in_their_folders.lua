-- A strict script names paths that lead out of its folders: up with '..',
-- absolute, or reading a file the machine holds through the mock camera and
-- photo:bytes(). Each is refused, naming the allowed folders and the fix.
-- args: --sandbox strict
-- exit: 0
-- stdout: confined
local cam = wearables.stream{}
cam:start()
local photo = cam:capture("jpeg")
local function refused(f, ...)
  local ok, err = pcall(f, ...)
  assert(not ok, "not refused")
  assert(tostring(err):find("--sandbox trusted", 1, true), tostring(err))
end
refused(photo.save, photo, "../../escaped.jpg")
refused(photo.save, photo, "/tmp/escaped.jpg")
refused(cam:next_frame().save, cam:next_frame(), "/tmp/escaped.png")
refused(audio.record, { path = "../../escaped.wav" })
refused(cam.record, cam, { path = "../../escaped.mp4", duration = 1 })
refused(cam.record, cam, { path = "/tmp/escaped.mp4" })
local camera = mock.paired()[1].camera
refused(camera.photo, camera, "/etc/passwd")
refused(camera.feed, camera, "/etc/hostname")
print("confined")
