-- A pure-Lua workload: recursion, table sorting, string building.
local function fib(n) if n < 2 then return n end return fib(n - 1) + fib(n - 2) end
local total = fib(27)
local t = {}
for i = 1, 200000 do t[i] = (i * 7919) % 100003 end
table.sort(t)
local parts = {}
for i = 1, 200000 do parts[#parts + 1] = tostring(i) end
local s = table.concat(parts, ",")
local words = 0
for _ in s:gmatch("[^,]+") do words = words + 1 end
print(total, t[1], #s, words)
