-- greet.lua: uses the `greeter` module that examples/GreeterPlugin adds from
-- Swift, next to the built-in modules.
--
--   .build/debug/greeter-glasses examples/GreeterPlugin/greet.lua [NAME]
-- luacheck: read globals greeter

print(greeter.hello(arg[1] or "glasses"))
local ok, err = pcall(greeter.hello, {})
print("a table is refused: " .. tostring(not ok and err:match("string expected") ~= nil))
