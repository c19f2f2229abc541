package.path = arg[0]:match("(.*/)") .. "?.lua;" .. package.path
-- The glasses' own capture refusals, scripted with camera:fail_next_capture(code).
local check = require "check"

local glasses = mock.paired()[1]
local session = wearables.session()
session:start()
local cam = session:camera{ resolution = "low", fps = 15 }
cam:start()
for _, code in ipairs{ "sessionSetupFailed", "serviceUnavailable", "captureFailure" } do
  glasses.camera:fail_next_capture(code)
  local err = check.raises(function() cam:capture() end, "PhotoError." .. code, code)
  check.eq(err.domain, "PhotoError", code .. "'s domain")
  check.eq(cam.state, "streaming", code .. ": the stream goes on")
end
glasses.camera:fail_next_capture()
check.raises(function() cam:capture() end, "PhotoError.captureFailure", "the default")
check.eq(cam:capture().format, "jpeg", "the next capture works")
check.raises(function() glasses.camera:fail_next_capture("busy") end,
  "expected one of: captureFailure, sessionSetupFailed, serviceUnavailable", "only the glasses' refusals")
session:stop()
print("ok")
exit(0)
