package.path = arg[0]:match("(.*/)") .. "?.lua;" .. package.path
-- mock.chaos draws the field reports that are faults : display_sleep (the lens
-- sleeps), back_gesture (an unconsumed Back ends a session holding a started display),
-- warm_reopen (android#177: session starts fail until the app registers again).
local check = require "check"

local g = mock.pair("metaRayBanDisplay")
local s = wearables.session(wearables.specific_selector(g.device))
s:start()
local d = s:display()
d:start()
d:show{type = "flexbox", children = {{type = "text", content = "hi"}}}

local faults = mock.chaos{rates = {display_sleep = 60}, span = 120, devices = {g}}
check.eq(#faults > 0, true, "display_sleep drawn")
for _, f in ipairs(faults) do check.eq(f.kind, "display_sleep", "only the kind asked for") end
wait(faults[1].t - now() + 0.01)
check.eq(g.display.lens, "asleep", "the lens sleeps at the fault")
check.eq(s.state, "started", "the session goes on")
wait(120)

faults = mock.chaos{rates = {back_gesture = 60}, span = 120, devices = {g}}
check.eq(#faults > 0, true, "back_gesture drawn")
wait(faults[1].t - now() + 0.1)
check.eq(s.state, "stopped", "the Back ended the display session")
wait(120)

faults = mock.chaos{rates = {warm_reopen = 60}, span = 120, devices = {g}}
check.eq(#faults > 0, true, "warm_reopen drawn")
wait(faults[#faults].t - now() + 0.01)
s = wearables.session(wearables.specific_selector(g.device))
check.raises(function() s:start() end, "DeviceSessionError.unexpectedError", "warm glasses refuse the start")
wearables.unregister()
wearables.register()
wait(3)
s = wearables.session(wearables.specific_selector(g.device))
s:start()
check.eq(s.state, "started", "a registration in this run clears it")
s:stop()
print("ok")
exit(0)
