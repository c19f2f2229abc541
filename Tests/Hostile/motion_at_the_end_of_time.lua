-- A script moves the clock as far as it likes: a motion sample or an input made
-- after 9.3e9 s (past 2^63 ns) or 1e16 s (past 2^63 ms) crashed the host converting
-- the time to nanoseconds or milliseconds. Those timestamps now stop at the largest
-- integer instead.
-- args: --for 2e16s
-- exit: 0
-- stdout: motion 9223372036854775807
-- stdout: input 9223372036854775807
local glasses = mock.paired()[1]
local session = wearables.session()
session:start()
local motion = session:motion()
local inputs = session:inputs()
after(9.3e9, function()
  motion:start()
  print("motion " .. math.tointeger(motion:next_sample(1).timestamp_ns))
  motion:stop()
end)
-- At 1e16 s the clock's steps are 2 s wide, too coarse for a timeout: a listener hears the input.
inputs:on("input", function(event)
  print("input " .. math.tointeger(event.timestamp_ms))
  exit(0)
end)
after(1e16, function() glasses.input:select() end)
