-- The first run (the one that finds no marker file at arg[1]) ends at once; every later
-- one spins until stopped, at most 30 s of wall time so nothing is left running for long.
-- For the sweep's Ctrl-C test.
local marker = io.open(arg[1], "r")
if marker then
  marker:close()
  local deadline = os.time() + 30
  while os.time() < deadline do end
else
  io.open(arg[1], "w"):close()
end
