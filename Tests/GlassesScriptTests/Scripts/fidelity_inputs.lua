package.path = arg[0]:match("(.*/)") .. "?.lua;" .. package.path
-- The wearer's inputs reach the app as device events (DAT 1.0): captouch tap,
-- tap-and-hold, the capture button. The capture button takes the glasses' own
-- photo: for a second the app's captures get PhotoError.serviceUnavailable.
local check = require "check"

local glasses = mock.paired()[1]
local device = glasses.device
local inputs, record = check.recorder()
local handle = device:on("input", record)
glasses:tap()
glasses:tap_and_hold()
glasses:press_capture_button()
wait(0)
check.seq(inputs, { "tap", "tapAndHold", "captureButton" }, "inputs in order")

-- Folded glasses are disconnected: nothing reaches the app.
glasses:fold()
glasses:press_capture_button()
glasses:unfold()
wait(2)
check.eq(#inputs, 3, "no input over a dropped link")

local session = wearables.session()
session:start()
local cam = session:camera{ resolution = "low", fps = 15 }
cam:start()
glasses:press_capture_button()
check.raises(function() cam:capture() end, "PhotoError.serviceUnavailable", "a capture while the glasses take their own")
check.eq(cam.state, "streaming", "the stream goes on")
wait(1)
check.eq(cam:capture().format, "jpeg", "the camera is the app's again")
check.eq(inputs[#inputs], "captureButton", "the press was heard")
handle:cancel()
session:stop()
print("ok")
exit(0)
