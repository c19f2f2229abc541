-- Restarts a session after the gap given as arg[1]; expect("restart_gap") holds it to 2 s.
expect("restart_gap")
local first = wearables.session()
first:start()
first:stop()
wait(tonumber(arg[1]))
local second = wearables.session()
second:start()
second:stop()
