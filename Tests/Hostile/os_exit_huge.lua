-- sandboxes: standard
-- os.exit(2^40) exited 0: refused with the valid range.
-- exit: 1
-- stderr: exit code must be an integer from 0 to 255
os.exit(2^40)
