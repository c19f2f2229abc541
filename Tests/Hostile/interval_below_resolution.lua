-- every(1e-300) stopped virtual time (now + 1e-300 == now): refused with the fix.
-- exit: 1
-- stderr: (the clock's resolution), got 1e-300
every(1e-300, function() end)
