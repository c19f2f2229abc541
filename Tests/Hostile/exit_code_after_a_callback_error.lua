-- The other half of the rule: after an uncaught callback error, a non-zero exit(n)
-- is the script's own failure code and stands.
-- exit: 7
-- stderr: boom in a callback
local session = wearables.session()
session:start()
local cam = session:camera{}
cam:on("frame", function(frame) if frame.index == 3 then error("boom in a callback") end end)
cam:start()
wait(2)
exit(7)
