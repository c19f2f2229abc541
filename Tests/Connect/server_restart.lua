-- server_restart.lua: run with `glasses run --connect`; the served world is
-- stopped and started again while this runs (scripts/test-connect does it).
-- The reconnect recipe keeps a stream alive; the script ends once the link has
-- dropped with the server and the recipe has streamed again after it.
local keep = recipes.run("reconnect", {restart_gap = "2s", give_up = 0})
local device
while not device do
  device = wearables.devices()[1]
  if not device then wait(0.2) end
end

while not (keep.camera and keep.camera.state == "streaming") do wait(0.2) end
print("streaming")   -- scripts/test-connect stops the server when it reads this
io.stdout:flush()

local dropped = false
device:on("link", function(link)
  if link == "disconnected" then
    dropped = true
    log.info("link dropped with the server")
  end
end)

while not (dropped and keep.sessions >= 2 and keep.camera and keep.camera.state == "streaming") do
  wait(0.2)
end
log.info("streaming again after the server came back (%d sessions)", keep.sessions)
keep:stop()
exit(0)
