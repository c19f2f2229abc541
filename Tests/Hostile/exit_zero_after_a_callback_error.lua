-- An uncaught error in a frame callback, then exit(0): the run exited 0 and the
-- error was hidden. Success cannot hide a reported error: the run exits 1.
-- exit: 1
-- stderr: boom in a callback
-- stderr: exit(0) does not hide it
local session = wearables.session()
session:start()
local cam = session:camera{}
cam:on("frame", function(frame) if frame.index == 3 then error("boom in a callback") end end)
cam:start()
wait(2)
exit(0)
