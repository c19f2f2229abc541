-- display_codes.lua: read QR codes in view and show each on the glasses' display,
-- with a "Save" button that photographs it.
--
-- Needs Meta Ray-Ban Display glasses (the only DAT model with a display). On the
-- simulator the script pairs a pair if none is, and, standing in for the wearer,
-- clicks "Save" itself (glasses.display:click, MockDisplayKit's sendClick).
--
--   qrencode -o out/code.png -s 8 "hello glasses"
--   glasses run --out out examples/display_codes.lua out/code.png [PHOTOS]
--
-- IMAGE is a PNG or JPEG, or footage, the simulated camera shows (under the
-- script's folder or --out). Stops after PHOTOS photos (default 1), or after a
-- minute without a new code. The last card is written to display.png.

local image = arg[1]
local wanted = math.tointeger(tonumber(arg[2])) or 1

local glasses
if mock then
  for _, g in ipairs(mock.paired()) do
    if g.model == "metaRayBanDisplay" then glasses = g end
  end
  glasses = glasses or mock.pair("metaRayBanDisplay")
  if image then glasses.camera:feed(image) end
end

local session = wearables.session(wearables.auto_selector{
  filter = function(device) return device:supports_display() end,
})
session:start()
local display = session:display()
display:start()
local cam = session:camera{resolution = "medium", fps = 30}

local function card(title, detail, buttons)
  local children = {
    {type = "text", content = title, style = "heading"},
    {type = "text", content = detail, color = "secondary"},
  }
  if buttons then children[#children + 1] = {type = "button_group", alignment = "start", children = buttons} end
  return {type = "flexbox", direction = "column", background = "card", padding = 24, spacing = 16, children = children}
end

local seen, saved = {}, 0
local last_scan, last_new = -math.huge, now()
local showing = false      -- a code is on the display, waiting for "Save"

local function finish()
  if mock then glasses.display:snapshot("display.png") end
  cam:stop()
  session:stop()
  exit(0)
end

local function offer(code)
  showing = true
  display:show(card(code.type .. " read", code.text, {
    {type = "button", id = "save", label = "Save", icon = "checkmark", action_role = "primary",
     on_tap = function()
       local photo = cam:capture("jpeg")
       saved = saved + 1
       local name = ("code_%02d.jpg"):format(saved)
       photo:save(name)
       log.info("saved %s for %q", name, code.text)
       display:show(card("Saved", name))
       showing = false
       if saved >= wanted then finish() end
     end},
  }))
  log.info("showing %s %q", code.type, code.text)
  -- On the simulator nobody wears the glasses: tap "Save" for them.
  if mock then glasses.display:click("save") end
end

display:show(card("Looking for codes", "Point the camera at a QR code"))

cam:on("frame", function(frame)
  if showing or now() - last_scan < 0.5 then return end
  last_scan = now()
  for _, code in ipairs(frame:codes()) do
    if not seen[code.text] then
      seen[code.text] = true
      last_new = now()
      offer(code)
      return
    end
  end
  if now() - last_new > 60 then
    log.info("no new code for a minute")
    finish()
  end
end)

cam:on("error", function(err) log.error("camera error: %s", tostring(err)) end)
display:on("state", function(state)
  if state == "stopped" and session.state == "started" then log.warn("the display stopped") end
end)

cam:start()
