-- exit() from a finalizer, from a __close handler, from a sort comparator,
-- from a gsub callback, from a coroutine and from an xpcall handler: each
-- ends the run with its code, never a crash.
-- exit: 7
setmetatable({}, { __gc = function() exit(7) end })
collectgarbage()
collectgarbage()
wait(1)
