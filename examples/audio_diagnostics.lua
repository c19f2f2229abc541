-- audio_diagnostics.lua: check the glasses' audio end to end, like the field
-- diagnostics tool: show the route and its changes, record from the glasses'
-- microphone over HFP, play the recording back through the glasses (A2DP),
-- and write a report.
--
--   glasses run --out DIR examples/audio_diagnostics.lua [SECONDS]
--
-- SECONDS is the recording length (default 5). DIR receives recording.wav and
-- audio_report.json (routes, route changes, levels, playback, verdict).
-- On the simulator the glasses' microphone hears a 440 Hz tone.

local seconds = tonumber(arg[1]) or 5
assert(seconds > 0, "SECONDS must be a positive number, got " .. tostring(arg[1]))

-- Marks a table as a JSON array, so an empty one is written as [] and not {}.
local ARRAY = {}
local function array(t) return setmetatable(t, ARRAY) end

local function describe(route)
  local function ports(list)
    local names = {}
    for _, p in ipairs(list) do names[#names + 1] = p.port .. " (" .. p.name .. ", " .. p.rate .. " Hz)" end
    return #names > 0 and table.concat(names, ", ") or "none"
  end
  return "in: " .. ports(route.inputs) .. "; out: " .. ports(route.outputs)
end

local function first_port(list) return list[1] and list[1].port or nil end

local function route_json(route) return { inputs = array(route.inputs), outputs = array(route.outputs) } end

-- JSON for the report: arrays are tables marked with array() or with a first
-- element; other tables are objects (keys sorted, so the report is stable).
local function json(value)
  local kind = type(value)
  if kind == "table" then
    local parts = {}
    if getmetatable(value) == ARRAY or value[1] ~= nil then
      for _, v in ipairs(value) do parts[#parts + 1] = json(v) end
      return "[" .. table.concat(parts, ",") .. "]"
    end
    local keys = {}
    for k in pairs(value) do keys[#keys + 1] = k end
    table.sort(keys)
    for _, k in ipairs(keys) do parts[#parts + 1] = json(tostring(k)) .. ":" .. json(value[k]) end
    return "{" .. table.concat(parts, ",") .. "}"
  elseif kind == "string" then
    return '"' .. value:gsub('[%c"\\]', function(c) return string.format("\\u%04x", c:byte()) end) .. '"'
  elseif kind == "number" then
    return value == value and value ~= math.huge and value ~= -math.huge and string.format("%.6g", value) or "null"
  elseif kind == "boolean" then
    return tostring(value)
  end
  return "null"
end

local report = { requested_seconds = seconds, route_changes = array{}, problems = array{} }
local function problem(text)
  report.problems[#report.problems + 1] = text
  log.warn("%s", text)
end

-- On the simulator, give the glasses' microphone something to hear.
local glasses = mock and mock.paired()[1]
if glasses then glasses.microphone:feed{ tone = 440 } end

local initial_route = audio.route()
report.initial_route = route_json(initial_route)
log.info("route: %s", describe(initial_route))
local route_changes = audio.on("route", function(route, reason)
  log.info("route changed (%s): %s", reason, describe(route))
  report.route_changes[#report.route_changes + 1] =
    { time = now(), reason = reason, input = first_port(route.inputs), output = first_port(route.outputs) }
end)

-- 1. Record from the glasses' microphone over HFP.
audio.configure{ category = "playAndRecord", mode = "voiceChat", options = { "allowBluetooth" } }
audio.activate()
local recording_route = audio.route()
report.recording_route = route_json(recording_route)
if first_port(recording_route.inputs) ~= "bluetoothHFP" then
  problem("the glasses' microphone is not the input (" .. describe(recording_route) .. "); are the glasses connected?")
end

local rec = audio.record{ path = "recording.wav", duration = seconds }
local levels = { samples = 0, sum = 0, peak = 0 }
local meter = every(0.1, function()
  if rec.state ~= "recording" then return end
  levels.samples, levels.sum = levels.samples + 1, levels.sum + rec.level
  levels.peak = math.max(levels.peak, rec.level)
end)
log.info("recording %g s from %s", seconds, first_port(recording_route.inputs) or "nothing")
local ok, recorded = pcall(rec.wait, rec)
meter:cancel()
if not ok then problem("recording ended early: " .. tostring(recorded)) end
report.recording = {
  file = rec.path:match("[^/]+$"), seconds = rec.duration, state = rec.state,
  level_mean = levels.samples > 0 and levels.sum / levels.samples or 0, level_peak = levels.peak,
}
if levels.peak < 0.01 then problem("the recording is silent (peak level " .. levels.peak .. ")") end
if levels.peak > 0.99 then problem("the recording clips (peak level " .. levels.peak .. ")") end
log.info("recorded %.2f s, mean level %.3f, peak %.3f", rec.duration, report.recording.level_mean, levels.peak)

-- 2. Play it back through the glasses' speakers (A2DP: high quality, output only).
audio.configure{ category = "playback" }
local player = audio.play(rec.path)
report.playback_route = route_json(audio.route())
log.info("playing back to %s", player.output or "nothing")
local played, ending = pcall(player.wait, player)
if not played then problem("playback failed: " .. tostring(ending)) end
report.playback = { output = player.output, state = player.state, progress = player.progress, seconds = player.duration }
if player.output ~= "bluetoothA2DP" and player.output ~= "bluetoothHFP" then
  problem("playback did not go to the glasses (output " .. tostring(player.output) .. ")")
end

audio.deactivate()
route_changes:cancel()
report.verdict = #report.problems == 0 and "ok" or "problems"

-- 3. The report goes next to the recording (the run's --out folder).
local folder = rec.path:match("^(.*/)") or ""
local file = assert(io.open(folder .. "audio_report.json", "w"))
file:write(json(report), "\n")
file:close()
print(("audio diagnostics: %s; report at %saudio_report.json"):format(report.verdict, folder))
