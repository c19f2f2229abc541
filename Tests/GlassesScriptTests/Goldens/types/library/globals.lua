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

---Fail the run (exit 4) when `check()` returns false or nil (its second result is the message) or raises; it is called after every event that traced something or ran Lua, and must not wait. Without a function, switch on a built-in check: photos_resolve (every accepted capture ends in a photo or a PhotoError within 15 s); restart_gap (no session starts within 2 s (or the number given) of one on the same glasses stopping); streaming_within (a camera is streaming within 10 s (or the number given) of the last chaos fault clearing).
---@param name string
---@param check? function|number
function expect(name, check) end
