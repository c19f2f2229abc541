-- Device list, fields and selectors as glasses are paired, folded and powered.
package.path = arg[0]:match("(.*/)") .. "?.lua;" .. package.path
local check = require "check"

local glasses = mock.paired()[1]
local device = wearables.devices()[1]
check.eq(#wearables.devices(), 1, "one device in the ready world")
check.eq(device.type, "rayBanMeta", "type")
check.eq(device.link, "connected", "link")
check.eq(device.don, "donned", "don")
check.eq(device.hinge, "open", "hinge")
check.eq(device.battery, 80, "battery")
check.eq(device.compatibility, "compatible", "compatibility")
check.eq(device:supports_display(), false, "no display")
check.eq(wearables.device(device.id), device, "device(id) is the same object")
check.eq(wearables.device("nope"), nil, "unknown id")
check.eq(tostring(device), 'Device rayBanMeta "Ray-Ban Meta" connected donned battery 80%', "tostring")

local links, record = check.recorder()
device:on("link", record)
local auto = wearables.auto_selector()
check.eq(auto.active_device, device, "auto picks the connected device")

check.raises(function() mock.pair("unknown") end, "expected one of: rayBanMeta", "no glasses of an unknown model")
local oakley = mock.pair("oakleyMetaHSTN")
wait(2)
check.eq(#wearables.devices(), 2, "two devices")
local only_oakley = wearables.auto_selector{ filter = function(d) return d.type == "oakleyMetaHSTN" end }
check.eq(only_oakley.active_device.type, "oakleyMetaHSTN", "filtered selector")

glasses:fold()
wait(1)
check.eq(device.link, "disconnected", "folded glasses disconnect")
check.eq(device.hinge, "closed", "hinge closed")
check.eq(auto.active_device.type, "oakleyMetaHSTN", "auto follows to the connected device")

local specific = wearables.specific_selector(device)
check.eq(specific.active_device, device, "specific keeps its device while disconnected")

glasses:unfold()
wait(2)
check.eq(device.link, "connected", "unfolding reconnects")
glasses:set_battery(42)
wait(0)
check.eq(device.battery, 42, "battery follows the simulator")
glasses:power_off()
wait(1)
check.eq(device.link, "disconnected", "power off disconnects")
check.seq(links, { "connected", "disconnected", "connecting", "connected", "disconnected" }, "link changes")

oakley:unpair()
wait(0)
check.eq(#wearables.devices(), 1, "unpaired device leaves the list")

-- A listener's first call, with the current value, comes at the caller's next
-- wait (callbacks never run inside the call that registers them).
local count
local listening = wearables.on("devices", function(list) count = #list end)
check.eq(count, nil, "not yet inside :on")
wait(0)
check.eq(count, 1, "the current value at the next wait")
listening:cancel()
print("ok")
