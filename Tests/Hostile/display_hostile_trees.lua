-- Hostile display trees are refused while they are read, before a spec is built:
-- a 100,000-deep chain, a self-containing table, a million keys on one component,
-- a million children, 1 MB of text, metatables that raise, binary strings.
-- Each refusal is one line; the display keeps what it showed.
-- exit: 0
-- stdout: display survived
local g = mock.pair("metaRayBanDisplay")
local session = wearables.session(wearables.specific_selector(g.device))
session:start()
local d = session:display()
d:start()
d:show{type = "flexbox", children = {{type = "button", id = "keep", label = "Keep"}}}

local function refused(tree, pattern)
  local ok, err = pcall(d.show, d, tree)
  assert(not ok, "accepted a hostile tree")
  assert(tostring(err):find(pattern), tostring(err))
  assert(not tostring(err):find("\n"), "one line: " .. tostring(err))
end

local deep = {type = "flexbox"}
local node = deep
for _ = 1, 100000 do
  local child = {type = "flexbox"}
  node.children = {child}
  node = child
end
refused(deep, "nest at most 32 deep")

local loop = {type = "flexbox"}
loop.children = {loop, loop}
refused(loop, "nest at most 32 deep")

local wide = {type = "flexbox"}
for i = 1, 1000000 do wide["k" .. i] = i end
refused(wide, "at most 32 fields")

local many = {}
for i = 1, 1000000 do many[i] = {type = "text", content = "x"} end
refused({type = "flexbox", children = many}, "at most 1000 components")

refused({type = "flexbox", children = {{type = "text", content = string.rep("\255", 1 << 20)}}}, "bytes")
refused(setmetatable({}, {__index = function() error("boom") end, __pairs = function() error("boom") end}), "field 'type' missing")
-- Reads are raw: a metatable on the children list is never called.
assert(pcall(d.show, d, {type = "flexbox", children = setmetatable({}, {__len = function() error("boom") end})}))
d:show{type = "flexbox", children = {{type = "button", id = "keep", label = "Keep"}}}
refused({type = "\0\255"}, "unknown component")

assert(g.display:click("keep"), "the content shown before is still there")
print("display survived")
exit(0)
