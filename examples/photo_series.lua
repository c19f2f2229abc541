-- photo_series.lua: a series of high-quality stills through the camera's photo feature.
--
-- Uses DAT 1.0's standalone photo (`camera.photo`, experimental): the stream stays
-- stopped (stream and photo share the camera), the feature is started once, each capture
-- is fire-and-forget, and photos, transfer progress and errors arrive as events.
--
--   glasses run --out out examples/photo_series.lua [COUNT]

local wanted = math.tointeger(tonumber(arg[1])) or 3
local resolutions = {"small", "medium", "large", "full"}

local session = wearables.session()
session:start()
local cam = session:camera{}
local photo = cam.photo

local saved, failed = 0, 0
local handles = {}
handles[1] = photo:on("progress", function(p)
  if p.fraction == 1 then log.info("transferred %d bytes", p.total_bytes) end
end)
handles[2] = photo:on("data", function(still)
  saved = saved + 1
  still:save(("still_%02d.jpg"):format(saved))
  log.info("saved %dx%d", still.width, still.height)
end)
handles[3] = photo:on("error", function(err)
  failed = failed + 1
  log.warn("no photo: %s", tostring(err))
end)

photo:start() -- waits until "started"
for i = 1, wanted do
  photo:capture{resolution = resolutions[(i - 1) % #resolutions + 1], quality = "high"}
  while saved + failed < i do wait(0.1) end
end
photo:stop()
for _, handle in ipairs(handles) do handle:cancel() end
print(("%d photos, %d failed"):format(saved, failed))
session:stop()
