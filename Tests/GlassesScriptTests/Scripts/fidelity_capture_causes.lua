package.path = arg[0]:match("(.*/)") .. "?.lua;" .. package.path
-- A capture in flight when the stream ends fails with the cause, not with
-- deviceDisconnected while the glasses stay connected.
local check = require "check"

local glasses = mock.paired()[1]

local function capture_while(what, fault)
  local session = wearables.session()
  session:start()
  local cam = session:camera{ resolution = "low", fps = 15 }
  cam:start()
  local capturing = spawn(function() return pcall(cam.capture, cam) end)
  wait(0.1)
  fault()
  local ok, err = capturing:join()
  check.eq(ok, false, what .. ": the capture fails")
  check.eq(glasses.device.link, "connected", what .. ": the glasses stay connected")
  session:stop()
  wait(2.5) -- the restart rule
  return err
end

local revoked = capture_while("revoked", function() mock.permissions.set("camera", "denied") end)
check.eq(tostring(revoked):match("^[%w.]+"), "PhotoError.permissionDenied", "revoking the camera permission")
mock.permissions.set("camera", "granted")

local hot = capture_while("critical", function() glasses:set_thermal("critical") end)
check.eq(tostring(hot):match("^[%w.]+"), "PhotoError.deviceHealthCritical", "thermal critical")
print("ok")
exit(0)
