package.path = arg[0]:match("(.*/)") .. "?.lua;" .. package.path
-- With two pairs connected, folding the pair audio is routed to moves the route to
-- the other pair, with a route change, as iOS does when a Bluetooth headset goes away.
local check = require "check"

local first = mock.paired()[1]
local second = mock.pair("oakleyMetaHSTN")
audio.configure{ category = "playAndRecord", options = { "allowBluetooth" } }
audio.activate()
check.eq(audio.route().outputs[1].name, first.device.name, "audio goes to the first pair")
local changes = {}
audio.on("route", function(route, reason) changes[#changes + 1] = { name = route.outputs[1].name, reason = reason } end)
wait(0)
local before = #changes
first:fold()
wait(0)
check.eq(#changes, before + 1, "folding the routed pair changes the route")
check.eq(changes[#changes].name, second.device.name, "to the other pair")
check.eq(changes[#changes].reason, "oldDeviceUnavailable", "because the routed pair went away")
check.eq(audio.route().outputs[1].name, second.device.name, "the route names the pair audio goes to")
first:unfold()
wait(2)
check.eq(audio.route().outputs[1].name, second.device.name, "the route stays with the pair it went to")
print("ok")
exit(0)
