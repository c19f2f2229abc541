-- Tiny assertions for the Lua-level tests: failures name what was compared.
local check = {}

function check.eq(actual, expected, what)
  if actual ~= expected then
    error(("%s: expected %s, got %s"):format(what or "value", tostring(expected), tostring(actual)), 2)
  end
end

-- Over --connect a timing also holds the link's latency: a command's trip to the served
-- world and its answer's back, in run time at the world's --speed. scripts/compare-connected
-- sets CHECK_LATENCY for its connected runs; embedded, timings are exact (0).
check.latency = tonumber(os.getenv("CHECK_LATENCY") or "") or 0

-- actual is expected, give or take the link's latency; over a link, `jitter` more (time the
-- served world's own work takes on its wall clock, such as a live recogniser's).
function check.near(actual, expected, what, jitter)
  local tolerance = check.latency + (check.latency > 0 and jitter or 0) + 1e-6
  if type(actual) ~= "number" or math.abs(actual - expected) > tolerance then
    error(("%s: expected %s (within %s), got %s"):format(what or "value", tostring(expected),
      tostring(tolerance), tostring(actual)), 2)
  end
end

-- low <= actual <= high, each bound widened by the link's latency (0 embedded).
function check.between(actual, low, high, what)
  local tolerance = check.latency + 1e-6
  if type(actual) ~= "number" or actual < low - tolerance or actual > high + tolerance then
    error(("%s: expected %s to %s (within %s), got %s"):format(what or "value", tostring(low), tostring(high),
      tostring(tolerance), tostring(actual)), 2)
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
