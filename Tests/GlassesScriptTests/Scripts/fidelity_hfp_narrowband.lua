package.path = arg[0]:match("(.*/)") .. "?.lua;" .. package.path
-- HFP at 8 kHz: the link falls back from mSBC (16 kHz) to CVSD (8 kHz). The route
-- keeps its ports at the new rate (routeConfigurationChange); a recording goes on,
-- still written at 16 kHz. Run by AudioScriptTests with --out.
local check = require "check"

audio.configure{ category = "playAndRecord", mode = "voiceChat" }
audio.activate()
check.eq(audio.route().inputs[1].rate, 16000, "wideband by default")
local changes, change = check.recorder()
audio.on("route", function(route, reason) change(reason .. ":" .. route.inputs[1].port .. "@" .. route.inputs[1].rate) end)
local rec = audio.record{ path = "narrowband.wav", duration = 2 }
wait(1)
mock.set_hfp_narrowband(true)
check.eq(audio.route().inputs[1].rate, 8000, "narrowband")
check.eq(audio.route().inputs[1].port, "bluetoothHFP", "the same port")
rec:wait()
check.eq(rec.duration, 2, "the recording went on across the change")
mock.set_hfp_narrowband(true)
mock.set_hfp_narrowband(false)
wait(0)
check.seq(changes, { "routeConfigurationChange:bluetoothHFP@8000", "routeConfigurationChange:bluetoothHFP@16000" }, "route changes")
print("ok")
exit(0)
