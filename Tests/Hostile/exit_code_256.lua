-- exit(256) exited 0 (the low byte): refused with the valid range.
-- exit: 1
-- stderr: exit code must be an integer from 0 to 255
exit(256)
