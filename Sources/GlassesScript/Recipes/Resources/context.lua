-- Starts one recipe: builds its ctx and returns the handle scripts get
-- (handle.status, handle:stop()) and the function its task runs.
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

local function release(object)
  if type(object) == "function" then return pcall(object) end
  local ok, method = pcall(function() return object.cancel or object.stop end)
  if ok and method then return pcall(method, object) end
end

--- Calls the recipe's stop, then releases what it holds, newest first.
function handle:stop()
  if self.status == "stopped" then return end
  self.status = "stopped"
  if definition.stop then
    local ok, err = pcall(definition.stop, ctx)
    if not ok then ctx.log.error("stop failed: %s", tostring(err)) end
  end
  for i = #held, 1, -1 do
    release(held[i])
    held[i] = nil
  end
end

local function run()
  handle.status = "running"
  local ok, err = pcall(definition.start, ctx, params)
  if not ok then
    handle.status = "failed"
    error(err, 0)
  end
end

return handle, run
