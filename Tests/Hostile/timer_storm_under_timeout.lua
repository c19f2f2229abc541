-- A timer at the clock's resolution, forever: the watchdog stops the
-- scheduler even though virtual time barely moves.
-- args: --timeout 1
-- exit: 3
-- stderr: time limit of 1 s (--timeout) exceeded
every(1e-6, function() end)
