-- Runs one recipe as the run's main chunk: builds its ctx, validates nothing
-- (the host already did), calls start, and leaves _RECIPE_STOP for the host to
-- call when the run ends.
local spec = _RECIPE
_RECIPE = nil
local definition, params = spec.definition, spec.params
local held = {}

local ctx = {name = spec.name, output = spec.output, resources = spec.resources}
ctx.log = {}
for _, level in ipairs({"debug", "info", "warn", "error"}) do
  ctx.log[level] = function(format, ...)
    log[level]("[%s] " .. tostring(format), spec.name, ...)
  end
end

--- Keeps a handle, timer, task, camera or session (or a cleanup function)
--- until the recipe stops; returns it.
function ctx:hold(handle)
  held[#held + 1] = handle
  return handle
end

local function release(handle)
  if type(handle) == "function" then return pcall(handle) end
  local ok, method = pcall(function() return handle.cancel or handle.stop end)
  if ok and method then return pcall(method, handle) end
end

function _RECIPE_STOP()
  _RECIPE_STOP = nil
  if definition.stop then
    local ok, err = pcall(definition.stop, ctx)
    if not ok then ctx.log.error("stop failed: %s", tostring(err)) end
  end
  for i = #held, 1, -1 do
    release(held[i])
    held[i] = nil
  end
end

definition.start(ctx, params)
