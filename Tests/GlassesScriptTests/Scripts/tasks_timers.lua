package.path = arg[0]:match("(.*/)") .. "?.lua;" .. package.path
-- Tasks and timers on the virtual clock: spawn/join/cancel, after/every, wait.
local check = require "check"

check.eq(now(), 0, "runs start at 0")
wait(1.5)
check.eq(now(), 1.5, "wait advances the virtual clock exactly")

local order, record = check.recorder()
local a = spawn(function(x) wait(2); record("a"); return x * 2, "done" end, 21)
local b = spawn(function() wait(1); record("b") end)
check.eq(a.status, "ready", "spawned task has not run yet")
local doubled, word = a:join()
check.eq(doubled, 42, "join returns results")
check.eq(word, "done", "join returns every result")
check.seq(order, { "b", "a" }, "tasks interleave by time")
check.eq(b.status, "done", "finished task status")

local failing = spawn(function() error({ reason = "custom" }) end)
local ok, err = pcall(failing.join, failing)
check.eq(ok, false, "join raises the task's error")
check.eq(type(err) == "table" and err.reason, "custom", "join raises the original error value")

local sleeper = spawn(function() wait(100); record("never") end)
wait(0)
check.eq(sleeper.status, "waiting", "waiting task")
sleeper:cancel()
check.eq(sleeper.status, "cancelled", "cancelled task")

local ticks = 0
local ticker = every(0.5, function() ticks = ticks + 1 end)
local fired = false
after(1, function() fired = true end)
wait(2.1)
check.eq(ticks, 4, "every fires on its period")
check.eq(fired, true, "after fires once")
ticker:cancel()
check.eq(ticker.active, false, "cancelled timer")
wait(2)
check.eq(ticks, 4, "no ticks after cancel")

-- Waiting is for tasks only: not inside a sort comparator, not in a plain coroutine.
check.raises(function() table.sort({ 3, 2, 1 }, function(x, y) wait(1); return x < y end) end, "wait", "wait in a comparator")
check.raises(function() wait(-1) end, "bad argument #1 to 'wait'", "negative wait")
check.raises(function() wait("soon") end, "number expected, got string", "wait type error")
check.eq(#order, 2, "cancelled task never ran on")
print("ok")
