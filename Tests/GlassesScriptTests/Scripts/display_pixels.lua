-- A photo and a frame shown on the lens as images; anything else as pixels is refused.
mock.pair("metaRayBanDisplay")
local glasses
for _, g in ipairs(mock.paired()) do if g.model == "metaRayBanDisplay" then glasses = g end end
local session = wearables.session(wearables.specific_selector(wearables.device(glasses.id)))
session:start()
local cam = session:camera{resolution = "low"}
cam:start()
local photo = cam:capture("jpeg")
local frame = cam:next_frame():copy()
local display = session:display()
display:start()
display:show{type = "flexbox", direction = "row", children = {
  {type = "image", pixels = photo, size_preset = "icon", id = "photo"},
  {type = "image", pixels = frame, size_preset = "icon", id = "frame"},
}}
assert(table.concat(glasses.display.ids, ",") == "root,photo,frame", table.concat(glasses.display.ids, ","))
glasses.display:snapshot(...)
local ok, err = pcall(display.show, display, {type = "flexbox", children = {{type = "image", pixels = session}}})
assert(not ok and tostring(err):find("a Photo or a Frame expected"), tostring(err))
exit(0)
