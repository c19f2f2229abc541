-- permission_flow.lua: register and ask for camera permission without nagging.
--
-- DAT's advice: if the user denies camera access, do not keep prompting;
-- explain how to enable it in the Meta AI app instead. This script registers
-- the app if needed, asks for the camera permission at most once per run, and
-- degrades gracefully when it is denied.
--
--   glasses run --world empty examples/permission_flow.lua [granted|denied|timeout]
--
-- The argument scripts the simulated Meta AI app's answer to the request.

local answer = arg[1] or "granted"

-- The empty world has no glasses: pair one, as a user would in Meta AI.
if #mock.paired() == 0 then
  mock.pair("rayBanMeta")
end
mock.permissions.on_request("camera", answer)

if wearables.registration_state() ~= "registered" then
  print("registering with the Meta AI app...")
  wearables.register()
end
print("registration: " .. wearables.registration_state())

local status = wearables.permission("camera")
if status ~= "granted" then
  print("asking for camera permission (once)...")
  local ok, result = pcall(wearables.request_permission, "camera")
  if ok then
    status = result
  else
    -- requestTimeout: the companion app never answered.
    print("no answer from the Meta AI app: " .. tostring(result))
    status = "denied"
  end
end

if status == "granted" then
  local session = wearables.session()
  session:start()
  local cam = session:camera{resolution = "low", fps = 15}
  cam:start()
  local frame = cam:next_frame()
  print(("camera works: frame %dx%d"):format(frame.width, frame.height))
  cam:stop()
  session:stop()
else
  print("Camera access is off. To turn it on: Meta AI app > Devices > App connections > this app > Camera.")
  print("Continuing without the camera.")
end
