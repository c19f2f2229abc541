-- token_restart.lua: run with `glasses run --connect`; scripts/test-connect stops the
-- served world, starts one with another token (which refuses this client), then one
-- with this client's token again. The script ends once the link is back and a
-- session streams again on the restarted world: the client carried on by itself.
local device
while not device do
  device = wearables.devices()[1]
  if not device then wait(0.2) end
end

local dropped, back = false, false
device:on("link", function(link)
  if link == "disconnected" then
    dropped = true
  elseif link == "connected" and dropped then
    back = true
  end
end)
print("ready")   -- scripts/test-connect stops the server when it reads this
io.stdout:flush()

while not back do wait(0.2) end
local session = wearables.session()
session:start()
local cam = session:camera{resolution = "low", fps = 15}
cam:start()
cam:next_frame(10)
print("streaming after the token was accepted again")
io.stdout:flush()
session:stop()
exit(0)
