package.path = arg[0]:match("(.*/)") .. "?.lua;" .. package.path
-- A stream with audio needs the microphone permission, as the video needs the camera's.
local check = require "check"

audio.configure{ category = "playAndRecord", options = { "allowBluetooth" } }
audio.activate()
check.eq(wearables.permission("microphone"), "denied", "the ready world grants the camera only")
local session = wearables.session()
session:start()
local cam = session:camera{ resolution = "low", fps = 15, audio_rate = 16000 }
check.raises(function() cam:start() end, "StreamError.permissionDenied", "audio without microphone permission")
mock.permissions.set("microphone", "granted")
cam:start()
check.eq(cam.state, "streaming", "once granted")
local errors = {}
cam:on("error", function(err) errors[#errors + 1] = err.code end)
mock.permissions.set("microphone", "denied")
wait(0.5)
check.eq(cam.state, "stopped", "revoking it stops the stream with audio")
check.eq(errors[1], "permissionDenied", "and says why")
session:stop()

-- A video-only stream does not need it.
wait(2.5)
local video = wearables.stream{ resolution = "low", fps = 15 }
video:start()
check.eq(video.state, "streaming", "video only")
video:stop()
print("ok")
exit(0)
