package.path = arg[0]:match("(.*/)") .. "?.lua;" .. package.path
-- The display of Meta Ray-Ban Display glasses: start, show a card with a button, a mock
-- click runs its on_tap, bad trees are refused by name, a video plays and ends, the
-- session's end stops the display. arg[1]: where to write the card's snapshot.
local check = require "check"

-- Waits (up to 10 s) until `cond()` holds: over --connect, what the glasses report
-- arrives on the served world's clock, not at the instant it does here.
local function eventually(cond)
  for _ = 1, 100 do
    if cond() then return end
    wait(0.1)
  end
end

local g = mock.pair("metaRayBanDisplay")
check.eq(mock.paired()[1].display, nil, "glasses without a display have no lens")
local session = wearables.session(wearables.specific_selector(g.device))
check.raises(function() return session:display() end, "DeviceSessionError.sessionIdle", "display before start")
session:start()
local d = session:display()
check.raises(function() return session:display() end, "capabilityAlreadyActive", "a second display")
check.eq(d.state, "stopped", "a new display")
local states, record = check.recorder()
d:on("state", record)
check.raises(function() d:show{type = "flexbox"} end, "DisplayError.displayError: the display is stopped, not started", "show before start")
d:start()
check.eq(d.state, "started", "after start")

local saved, taps = 0, {}
d:on("tap", function(id) taps[#taps + 1] = id end)
d:show{
  type = "flexbox", direction = "column", background = "card", padding = 24, spacing = 12,
  children = {
    {type = "text", content = "Code read", style = "heading"},
    {type = "text", content = "https://example.com/42", color = "secondary"},
    {type = "button", id = "save", label = "Save", icon = "checkmark", action_role = "primary",
     on_tap = function(id) check.eq(id, "save", "the tapped id"); saved = saved + 1 end},
  },
}
check.seq(d.ids, {"root", "root.1", "root.2", "save"}, "the display's ids")
check.eq(g.display.on, true, "the lens is on")
check.seq(g.display.texts, {"Code read", "https://example.com/42", "Save"}, "what the lens shows")
check.seq(g.display.clickable, {"save"}, "what a click reaches")
if arg[1] then g.display:snapshot(arg[1]) end
check.eq(g.display:click("save"), true, "a click on the button")
check.eq(g.display:click("root.1"), false, "a click on text")
check.eq(g.display:click("nothing"), false, "a click on no component")
wait(0.1)
check.eq(saved, 1, "on_tap ran")
check.seq(taps, {"save"}, "tap listeners")

-- A tappable card by path, and a callback that waits, in its own task.
local slow = false
d:show{type = "flexbox", on_tap = function() wait(5); slow = true end,
       children = {{type = "text", content = "tap me"}}}
check.eq(g.display:click("root"), true, "a tappable flexbox by its path")
check.eq(g.display:click("save"), false, "an id of the replaced tree is stale")
wait(1)
check.eq(slow, false, "the waiting callback waits alone")
wait(5)
check.eq(slow, true, "and finishes")

-- Bad trees: one line naming the path, the field and what it allows.
check.raises(function() d:show{type = "buton"} end, "root: unknown component 'buton' %(did you mean 'button'%?%)", "unknown component")
check.raises(function() d:show{type = "flexbox", direction = "diagonal"} end, "columnReverse", "an enum lists its values")
check.raises(function() d:show{type = "flexbox", children = {{type = "icon", name = "gearr"}}} end, "did you mean 'gear'", "unknown icon")
check.raises(function() d:show{type = "text", content = "x"} end, "a flexbox or a video at its root", "a text root")
check.raises(function() d:show{type = "flexbox", children = {{type = "video", url = "https://x/a.mp4"}}} end,
  "root.1: a video can only be the root", "a nested video")
check.raises(function() d:show{type = "flexbox", children = {{type = "button_group", children = {{type = "text", content = "x"}}}}} end,
  "root.1.1: a button_group takes buttons, got text", "a group of text")
check.raises(function() d:show{type = "flexbox", children = {{type = "text", content = "x", on_tap = print}}} end,
  "only a flexbox or a button can be tapped", "on_tap on text")
check.raises(function() d:show{type = "flexbox", children = {{type = "text", content = "x", on_tap = 3}}} end,
  "field 'on_tap': function expected, got number", "on_tap not a function")
check.raises(function() d:show{type = "flexbox", 1} end, "put child components in children", "an array item")
check.raises(function() d:show("flexbox") end, "root: a component table", "not a table")
local many = {}
for i = 1, 10000 do many[i] = {type = "icon", name = "gear"} end
check.raises(function() d:show{type = "flexbox", children = many} end, "DisplayError.displayError: root: a tree holds at most 1000 components", "10,000 nodes")
check.raises(function() d:show{type = "flexbox", children = {{type = "text", content = string.rep("x", 1 << 20)}}} end,
  "DisplayError.displayError: root.1: content holds 1048576 bytes", "1 MB of text")
local loop = {type = "flexbox"}
loop.children = {loop}
check.raises(function() d:show(loop) end, "nest at most 32 deep", "a table that contains itself")
check.raises(function() d:play{url = "file:///etc/passwd"} end, "DisplayError.invalidVideoURL", "a file URL")
check.raises(function() d:play{url = "https://x/a.mp4", codec = "avi"} end, "unknown", "a codec")
check.eq(g.display:click("root"), true, "the content shown before the bad trees is still there")

-- A video plays, a second is refused, stop_video ends it; another ends on its own.
local events = {}
d:on("video", function(ev) events[#events + 1] = ev.type .. (ev.error and ("/" .. ev.error) or "") end)
d:play{url = "https://example.com/video_266x150_faststart.mp4"}
eventually(function() return d.playing end)
check.eq(d.playing, true, "playing")
check.eq(g.display.video_url, "https://example.com/video_266x150_faststart.mp4", "the lens shows the video")
d:play{url = "https://example.com/b.mp4"}
d:stop_video()
eventually(function() return #events >= 3 end)
check.seq(events, {"started", "error/alreadyPlaying", "stopped"}, "video events")
d:play{url = "https://example.com/c.mp4"}
eventually(function() return d.playing and g.display.playing end)
g.display:video("error", "playbackFailed")
wait(0.1)
check.eq(events[#events], "error/playbackFailed", "a failed video")

d:clear()
check.eq(#g.display.ids, 0, "cleared")
d:stop()
check.eq(d.state, "stopped", "stopped")
check.eq(g.display.on, false, "the lens is off")
d:start()
d:show{type = "flexbox", children = {{type = "button", label = "Again"}}}
session:stop()
check.eq(d.state, "stopped", "the session's end stops the display")
eventually(function() return not g.display.on end) -- the glasses take it down on their own time
check.eq(g.display.on, false, "and the lens")
check.raises(function() d:start() end, "DisplayError.deviceDisconnected", "a display whose session ended")
check.seq(states, {"stopped", "starting", "started", "stopping", "stopped", "starting", "started", "stopped"}, "display states")
print("display ok")
exit(0) -- the "state", "tap" and "video" listeners would keep a served run going
