-- An on_tap that raises is reported (exit 1 at the end) and the world goes on: the next
-- click runs the other button's callback. Expected output: "after".
local g = mock.pair("metaRayBanDisplay")
local session = wearables.session(wearables.specific_selector(g.device))
session:start()
local d = session:display()
d:start()
local fine = false
d:show{type = "flexbox", children = {
  {type = "button", id = "boom", label = "Boom", on_tap = function() error("boom in on_tap") end},
  {type = "button", id = "fine", label = "Fine", on_tap = function() fine = true end},
}}
assert(g.display:click("boom"))
wait(0.1)
assert(g.display:click("fine"))
wait(0.1)
assert(fine, "the second callback ran")
print("after")
