-- The script scripts/test-dashboard runs over --connect against the served Meta Ray-Ban
-- Display glasses: it listens for each hands-free trigger the page sends, then shows a
-- card with a "Save" button. Each trigger shows a new card, so the page sees the script
-- react on the lens it draws: a tap on Save (on_tap), a capture-button double press
-- (Inputs), a final transcription (Speech); a "Hey Meta" is answered (a voice
-- invocation), which the page reads in the mock's voice_requests; a nav right plays a
-- video, and its end (which the page's mock control sends) shows a card too.

local session = wearables.session(wearables.auto_selector{
  filter = function(device) return device:supports_display() end,
})
session:start()
local display = session:display()
display:start()

local function card(title, buttons)
  local children = {{type = "text", content = title, style = "heading"}}
  if buttons then children[2] = {type = "button_group", alignment = "start", children = buttons} end
  display:show{type = "flexbox", direction = "column", background = "card", padding = 24, spacing = 16, children = children}
end

local inputs = session:inputs{}
assert(inputs:wait_for("active", 5), "the Inputs never became active")
inputs:on("input", function(event)
  if event.type == "capture" and event.press_type == "doublePress" then
    card("Double press")
  elseif event.type == "nav" and event.direction == "right" then
    display:play{url = "https://example.com/clip.mp4"}
  end
end)
display:on("video", function(event)
  if event.type == "ended" then card("Video ended") end
end)

if wearables.permission("microphone") ~= "granted" then
  assert(wearables.request_permission("microphone") == "granted", "the microphone permission is needed for speech")
end
local speech = session:speech()
speech:start()
speech:on("transcription", function(heard)
  if heard.final then card("Heard: " .. heard.text) end
end)

local voice = wearables.voice_stream()
voice:start(session.device)
voice:on("invocation", function(invocation)
  invocation:succeed("answered by the dashboard test")
  card("Hey Meta answered")
end)

card("Hello from Lua", {{type = "button", id = "save", label = "Save", on_tap = function() card("Saved") end}})
print("ready")
while true do wait(3600) end
