-- Backtracking in string.find runs no Lua instruction, so no hook fires.
-- args: --timeout 1
-- exit: 3
-- stderr: time limit of 1 s (--timeout) exceeded
string.find(string.rep("a", 60), string.rep("a*", 60) .. "b")
