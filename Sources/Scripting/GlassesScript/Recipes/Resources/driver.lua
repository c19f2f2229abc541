-- The main chunk of `glasses recipe run`: starts the recipe the host chose and
-- leaves its handle for the host to stop when the run ends.
-- luacheck: globals _RECIPE _RECIPE_HANDLE
local spec = _RECIPE
_RECIPE = nil
_RECIPE_HANDLE = recipes.run(spec.name, spec.params)
