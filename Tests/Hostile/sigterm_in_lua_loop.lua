-- SIGTERM in a plain Lua loop: the hook reaches it, so the run ends through the host at
-- once, not by the hard stop a second later (the message does not say it did not stop).
-- signal: TERM
-- exit: 143
-- stderr: glasses: terminated (SIGTERM)
-- trace: "event":"end","values":{"reason":"interrupted","code":143,"signal":"SIGTERM","message":"terminated (SIGTERM)"}}
log.info("ready")
while true do end
