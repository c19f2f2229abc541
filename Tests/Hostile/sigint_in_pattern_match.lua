-- Ctrl-C (SIGINT) while string.find backtracks, without --timeout: as for SIGTERM
-- (sigterm_in_pattern_match), the hard stop ends the run a second later, exit 130.
-- signal: INT
-- exit: 130
-- stderr: interrupted, and the script did not stop within 1 s
-- trace: "event":"end","values":{"reason":"interrupted","code":130,"signal":"SIGINT","message":"interrupted, and
log.info("ready")
local s = ("a"):rep(40)
print(s:find(("a*"):rep(20) .. "b"))
