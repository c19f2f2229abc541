-- Unbounded recursion through Lua, pcall, metamethods and host calls ends as an error.
-- exit: 1
-- stderr: stack overflow
local function through_pcall() return pcall(through_pcall) end
through_pcall()
setmetatable(_G, { __index = function(t, k) return t[k] end })
local function through_host() return now() + through_host() end
assert(not pcall(through_host))
local function deep() return deep() + 1 end
deep()
