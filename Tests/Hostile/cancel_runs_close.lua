-- task:cancel() skipped the task's pending <close> handlers.
-- exit: 0
-- stdout: closed before the cancel returned
local closed = false
local task = spawn(function()
  local guard <close> = setmetatable({}, { __close = function() closed = true end })
  wait(10)
end)
wait(1)
task:cancel()
assert(closed, "the <close> handler ran")
assert(task.status == "cancelled")
print("closed before the cancel returned")
