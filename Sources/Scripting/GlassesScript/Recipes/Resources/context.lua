-- Starts one recipe: builds its ctx and returns the handle scripts get
-- (handle.status, handle:stop(), and what the recipe exposes) and the function
-- its task runs.
-- luacheck: no self (ctx and handle are called as methods but keep their state in upvalues)
local definition, params, info = ...
local held = {}

local ctx = {name = info.name, output = info.output, resources = info.resources}
ctx.log = {}
for _, level in ipairs({"debug", "info", "warn", "error"}) do
  ctx.log[level] = function(format, ...)
    log[level]("[%s] " .. tostring(format), info.name, ...)
  end
end

--- Keeps a handle, timer, task, camera or session (or a cleanup function)
--- until the recipe stops; returns it.
function ctx:hold(handle)
  held[#held + 1] = handle
  return handle
end

local handle = {name = info.name, status = "starting"}
local reserved = {name = true, status = true, stop = true}

--- Offers `value` to scripts as `handle[name]` (reconnect: the current camera), nil to withdraw it.
function ctx:expose(name, value)
  if reserved[name] then error(("ctx:expose: '%s' is the handle's own field"):format(tostring(name)), 2) end
  handle[name] = value
end

-- A host object raises on a name its class lacks, so each name is tried on its own.
local function method_of(object, name)
  local ok, method = pcall(function() return object[name] end)
  return ok and method or nil
end

local function release(object)
  if type(object) == "function" then return pcall(object) end
  local method = method_of(object, "cancel") or method_of(object, "stop")
  if method then return pcall(method, object) end
end

-- Calls the recipe's stop, then releases what it holds, newest first.
local function finish(status)
  handle.status = status
  if definition.stop then
    local ok, err = pcall(definition.stop, ctx)
    if not ok then ctx.log.error("stop failed: %s", tostring(err)) end
  end
  for i = #held, 1, -1 do
    release(held[i])
    held[i] = nil
  end
end

function handle:stop()
  if self.status == "stopped" or self.status == "gave_up" then return end
  finish("stopped")
end

--- Ends the recipe for good: status "gave_up", what it holds released, and an
--- error raised in the calling task, reported like any uncaught error (stderr,
--- trace, exit code 1), so a run does not go on as if the recipe still worked.
function ctx:give_up(format, ...)
  finish("gave_up")
  error(("%s gave up: %s"):format(info.name, tostring(format):format(...)), 2)
end

local function run()
  -- Stopped before its task first ran: it never starts.
  if handle.status ~= "starting" then return end
  handle.status = "running"
  local ok, err = pcall(definition.start, ctx, params)
  if not ok then
    -- ctx:give_up raises to end the recipe; its status stays gave_up.
    if handle.status ~= "gave_up" then handle.status = "failed" end
    error(err, 0)
  end
end

return handle, run
