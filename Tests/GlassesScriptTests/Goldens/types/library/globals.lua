---@meta _

---Seconds since the run started, on the run's clock.
---@return number
function now() end

---Suspend the current task for `seconds`.
---@param seconds number
function wait(seconds) end

---Run `fn(...)` as a new task, starting as soon as the caller waits or returns.
---@param fn function
---@param ... any
---@return Task
function spawn(fn, ...) end

---Call `fn` once, `seconds` from now.
---@param seconds number
---@param fn function
---@return Timer
function after(seconds, fn) end

---Call `fn` every `seconds`, first `seconds` from now, until the timer is cancelled.
---@param seconds number
---@param fn function
---@return Timer
function every(seconds, fn) end

---End the run now with this exit code (default 0; true is 0, false is 1).
---@param code? integer|boolean
function exit(code) end
