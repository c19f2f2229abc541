-- Tiny assertions for the Lua-level tests: failures name what was compared.
local check = {}

function check.eq(actual, expected, what)
  if actual ~= expected then
    error(("%s: expected %s, got %s"):format(what or "value", tostring(expected), tostring(actual)), 2)
  end
end

-- Over --connect a timing also holds the link's latency: a command's trip to the served
-- world and its answer's back, in run time at the world's --speed (20x in
-- scripts/compare-connected). Embedded, timings are exact and well within it.
check.latency = 0.5

-- actual is expected, give or take the link's latency (and `slack` more).
function check.near(actual, expected, what, slack)
  if type(actual) ~= "number" or math.abs(actual - expected) > check.latency + (slack or 0) then
    error(("%s: expected %s (within %s), got %s"):format(what or "value", tostring(expected),
      tostring(check.latency + (slack or 0)), tostring(actual)), 2)
  end
end

function check.raises(fn, pattern, what)
  local ok, err = pcall(fn)
  if ok then error((what or "call") .. ": expected an error", 2) end
  if pattern and not tostring(err):find(pattern) then
    error(("%s: error %q does not match %q"):format(what or "call", tostring(err), pattern), 2)
  end
  return err
end

-- Records a sequence of values (state changes) for comparison.
function check.recorder()
  local seen = {}
  return seen, function(value) seen[#seen + 1] = value end
end

function check.seq(actual, expected, what)
  local a, e = table.concat(actual, ","), table.concat(expected, ",")
  if a ~= e then error(("%s: expected %s, got %s"):format(what or "sequence", e, a), 2) end
end

return check
