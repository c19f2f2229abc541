-- A 4 MB recipe name cost recipes.info and recipes.run about 3.5 s per MB (a
-- search and a "did you mean" over every name). Its length is checked first.
-- sandboxes: strict standard
-- args: --timeout 5
-- exit: 0
-- stdout: 3 refused at once
local long = ("x"):rep(4 << 20)
local refused = 0
for _, call in ipairs({ recipes.info, recipes.run }) do
  local ok, err = pcall(call, long)
  assert(not ok and tostring(err):find("at most 4096 bytes", 1, true), tostring(err):sub(1, 200))
  refused = refused + 1
end
local ok, err = pcall(recipes.info, long .. "/x.recipe")
assert(not ok and tostring(err):find("at most 4096 bytes", 1, true), tostring(err):sub(1, 200))
print(refused + 1 .. " refused at once")
