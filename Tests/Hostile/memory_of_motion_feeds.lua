-- Motion CSVs at the 128 MiB file limit held 575 MB for three feeds and GBs for twenty (the
-- simulator keeps 16), none of it seen by --max-memory. A feed's samples are charged to the
-- cap while the simulator keeps the feed (and its parse while it runs): feeding a 20,000-row
-- recording again and again ends the run with the memory limit (exit 3), naming the feed.
-- (Without the cap all sixteen feeds are taken.)
-- Standard only: the case writes its recording in the run's folder.
-- sandboxes: standard
-- args: --max-memory 16M
-- exit: 3
-- stderr: (--max-memory) exceeded by a motion feed
local file = assert(io.open("motion_20000.csv", "w"))
file:write("timestampNs,accelX,accelY,accelZ,gyroX,gyroY,gyroZ,magX,magY,magZ,orientationW,orientationX,orientationY,orientationZ\n")
for row = 1, 20000 do
  file:write(row * 16666667, ",9.8,0,0,0,0,0,20,1,-40,1,0,0,0\n")
end
file:close()
local glasses = mock.paired()[1]
for i = 1, 16 do
  glasses.motion:feed("motion_20000.csv")
  print("feed " .. i)
end
print("sixteen feeds held")
