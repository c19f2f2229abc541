-- A waiting call from a coroutine three levels deep vs the same call at the top
-- of the task, in one run: prints the ratio of their CPU times (best of 3 rounds).
local n = tonumber(arg[1]) or 100000

local function waits()
  local start = os.clock()
  for _ = 1, n do wait(0) end
  return os.clock() - start
end

local function nested(depth)
  if depth == 0 then return waits() end
  return coroutine.wrap(function() return nested(depth - 1) end)()
end

local top, deep = math.huge, math.huge
for _ = 1, 3 do
  top = math.min(top, waits())
  deep = math.min(deep, nested(3))
end
print(("%.2f"):format(deep / top))
