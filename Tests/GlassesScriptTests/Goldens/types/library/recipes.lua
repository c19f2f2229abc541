---@meta recipes

---Shareable capture recipes (NAME.recipe folders) along the recipe search path.
---@class recipes
recipes = {}

---The recipes found, one per name (earlier places shadow later ones).
---@return {name: string, version: string, description: string, origin: string}[]
function recipes.list() end

---A recipe's metadata and parameters.
---@param name string
---@return {name: string, version: string, description: string, origin: string, params: {name: string, type: string, default?: string, doc: string, summary: string}[]}
function recipes.info(name) end

---Start a recipe in its own task, in the sandbox it declares (never wider than the caller's); params are checked like --param. Returns {name, status, stop(self)} plus what the recipe exposes (ctx:expose); status is "gave_up" once it gives up (ctx:give_up).
---@param name string
---@param params? table
---@return RecipeHandle
function recipes.run(name, params) end

return recipes
