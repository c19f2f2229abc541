-- recipes.info/run given a folder path outside the script's folder and --out ran
-- that code, and the error for a missing one told what exists. Refused from the
-- path alone now: an existing folder and a missing one get the same answer.
-- sandboxes: strict standard
-- exit: 0
-- stdout: 8 refused alike
local refused = 0
for _, path in ipairs({ "/usr/share", "/no/such/folder.recipe", "../../../../etc.recipe", "/tmp/evil.recipe" }) do
  for _, call in ipairs({ recipes.info, recipes.run }) do
    local ok, err = pcall(call, path)
    err = tostring(err)
    assert(not ok and err:find("is outside", 1, true), err)
    assert(not err:find("does not exist", 1, true) and not err:find("not a recipe folder", 1, true), err)
    refused = refused + 1
  end
end
print(refused .. " refused alike")
