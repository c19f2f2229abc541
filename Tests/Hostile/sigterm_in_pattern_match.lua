-- SIGTERM while string.find backtracks, without --timeout: no hook runs there (the trace
-- was 0 bytes and the run went on). The hard stop --timeout uses ends the run a second
-- after the signal, exit 143 as a hook-stopped SIGTERM, the trace ending with that end record.
-- signal: TERM
-- exit: 143
-- stderr: terminated (SIGTERM), and the script did not stop within 1 s
-- trace: "event":"end","values":{"reason":"interrupted","code":143,"signal":"SIGTERM","message":"terminated (SIGTERM), and
log.info("ready")
local s = ("a"):rep(40)
print(s:find(("a*"):rep(20) .. "b"))
