-- A script error ends the run mid-recording: the file is still finished.
local cam = wearables.stream{ resolution = "low", fps = 30 }
cam:start()
cam:record{ path = "cut.mp4" }
wait(1.5)
error("boom")
