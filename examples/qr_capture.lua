-- qr_capture.lua: read QR codes and barcodes in view and photograph each new one.
--
-- frame:codes() renders the whole frame and scans it with libzbar (opened on
-- first use; Debian: apt-get install libzbar0), so unlike the luma statistics it
-- is not free at 30 fps: this scans at most twice a second. Each distinct code
-- text is photographed once.
--
--   qrencode -o out/code.png -s 8 "hello glasses"
--   glasses run --out out examples/qr_capture.lua out/code.png [PHOTOS]
--
-- IMAGE is a PNG or JPEG, or footage (.mp4, .mov, .mkv), the simulated camera
-- shows (it must be under the script's folder or --out); without one the camera
-- shows its default moving scene, which holds no codes. Stops after PHOTOS
-- photos (default 1).

local image = arg[1]
local wanted = math.tointeger(tonumber(arg[2])) or 1
if image then mock.paired()[1].camera:feed(image) end

local session = wearables.session()
session:start()
local cam = session:camera{resolution = "medium", fps = 30}

local seen = {}           -- code texts already photographed
local last_scan = -math.huge
local saved = 0

cam:on("frame", function(frame)
  if now() - last_scan < 0.5 then return end
  last_scan = now()
  for _, code in ipairs(frame:codes()) do
    if not seen[code.text] and cam:try_capture("jpeg") then
      seen[code.text] = true
      log.info("%s %q at (%.2f, %.2f) size %.2f x %.2f", code.type, code.text,
        code.box.x, code.box.y, code.box.w, code.box.h)
    end
  end
end)

cam:on("photo", function(photo)
  saved = saved + 1
  local name = ("qr_%02d.jpg"):format(saved)
  photo:save(name)
  log.info("saved %s", name)
  if saved >= wanted then
    cam:stop()
    session:stop()
    exit(0)
  end
end)

cam:on("error", function(err)
  log.error("camera error: %s", tostring(err))
end)

cam:start()
