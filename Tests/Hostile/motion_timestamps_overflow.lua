-- A motion CSV whose timestamps are -9e18 and 9e18 crashed the host (SIGILL, a trace
-- without its end record): the feed's span overflowed Int64. The feed is refused
-- instead, naming the file, the line and the fix, and the run ends by itself.
-- exit: 0
-- stdout: refused: line 3
-- stdout: motion_overflow.csv
local glasses = mock.paired()[1]
local csv = arg[0]:gsub("[^/]*$", "motion_overflow.csv")
local ok, err = pcall(glasses.motion.feed, glasses.motion, csv)
assert(not ok, "the feed was taken")
local message = tostring(err)
assert(message:find("too far from the first sample", 1, true), message)
print("refused: " .. message:match("line %d+"))
print(message)
-- The IMU still samples its pose.
local session = wearables.session()
session:start()
local motion = session:motion()
motion:start()
assert(motion:next_sample(2), "no sample")
