-- audio-diagnostics: the field diagnostics flow (examples/audio_diagnostics.lua
-- runs it): route and its changes, a recording from the glasses' microphone
-- (HFP), playback through the glasses (A2DP), and recording.wav plus
-- audio_report.json in ctx.output. On the simulator the microphone hears 440 Hz.

-- Marks a table as a JSON array, so an empty one is written as [] and not {}.
local ARRAY = {}
local function array(t) return setmetatable(t, ARRAY) end

local function first_port(list) return list[1] and list[1].port or nil end
local function route_json(route) return {inputs = array(route.inputs), outputs = array(route.outputs)} end

-- JSON with sorted object keys, so the report is stable across runs.
local function json(value)
  local kind = type(value)
  if kind == "table" then
    local parts = {}
    if getmetatable(value) == ARRAY or value[1] ~= nil then
      for _, v in ipairs(value) do parts[#parts + 1] = json(v) end
      return "[" .. table.concat(parts, ",") .. "]"
    end
    local keys = {}
    for k in pairs(value) do keys[#keys + 1] = tostring(k) end
    table.sort(keys)
    for _, k in ipairs(keys) do parts[#parts + 1] = json(k) .. ":" .. json(value[k]) end
    return "{" .. table.concat(parts, ",") .. "}"
  elseif kind == "string" then
    return '"' .. value:gsub('[%c"\\]', function(c) return ("\\u%04x"):format(c:byte()) end) .. '"'
  elseif kind == "number" then
    return value == value and value ~= math.huge and value ~= -math.huge and ("%.6g"):format(value) or "null"
  elseif kind == "boolean" then
    return tostring(value)
  end
  return "null"
end

return {
  name = "audio-diagnostics",
  version = "1.0.0",
  description = "Check the glasses' audio end to end: route, recording, playback and a report.",
  author = "GlassesScript",
  license = "MIT",
  -- The report is written with io.open, which the strict sandbox removes.
  sandbox = "standard",
  params = {
    {name = "seconds", type = "duration", default = "3s", min = 0.1, max = 3600, doc = "Recording length."},
  },
  start = function(ctx, params)
    local report = {requested_seconds = params.seconds, route_changes = array{}, problems = array{}}
    local function problem(text)
      report.problems[#report.problems + 1] = text
      ctx.log.warn("%s", text)
    end

    local glasses = mock and mock.paired()[1]
    if glasses then glasses.microphone:feed{tone = 440} end

    report.initial_route = route_json(audio.route())
    local route_listener = ctx:hold(audio.on("route", function(route, reason)
      ctx.log.info("route changed (%s)", reason)
      report.route_changes[#report.route_changes + 1] =
        {time = now(), reason = reason, input = first_port(route.inputs), output = first_port(route.outputs)}
    end))
    -- Releases the audio session however the recipe ends.
    ctx:hold(function() audio.deactivate() end)

    audio.configure{category = "playAndRecord", mode = "voiceChat", options = {"allowBluetooth"}}
    audio.activate()
    local recording_route = audio.route()
    report.recording_route = route_json(recording_route)
    if first_port(recording_route.inputs) ~= "bluetoothHFP" then
      problem("the glasses' microphone is not the input; are the glasses connected?")
    end

    local rec = ctx:hold(audio.record{path = "recording.wav", duration = params.seconds})
    local levels = {samples = 0, sum = 0, peak = 0}
    local meter = ctx:hold(every(0.1, function()
      if rec.state ~= "recording" then return end
      levels.samples, levels.sum = levels.samples + 1, levels.sum + rec.level
      levels.peak = math.max(levels.peak, rec.level)
    end))
    ctx.log.info("recording %g s from %s", params.seconds, first_port(recording_route.inputs) or "nothing")
    local ok, recorded = pcall(rec.wait, rec)
    meter:cancel()
    if not ok then problem("recording ended early: " .. tostring(recorded)) end
    report.recording = {
      file = rec.path:match("[^/]+$"), seconds = rec.duration, state = rec.state,
      level_mean = levels.samples > 0 and levels.sum / levels.samples or 0, level_peak = levels.peak,
    }
    if levels.peak < 0.01 then problem("the recording is silent (peak level " .. levels.peak .. ")") end
    if levels.peak > 0.99 then problem("the recording clips (peak level " .. levels.peak .. ")") end

    audio.configure{category = "playback"}
    local player = ctx:hold(audio.play(rec.path))
    report.playback_route = route_json(audio.route())
    local played, ending = pcall(player.wait, player)
    if not played then problem("playback failed: " .. tostring(ending)) end
    report.playback = {output = player.output, state = player.state, progress = player.progress, seconds = player.duration}
    if player.output ~= "bluetoothA2DP" and player.output ~= "bluetoothHFP" then
      problem("playback did not go to the glasses (output " .. tostring(player.output) .. ")")
    end

    -- Done: let go of the session and the listener now, so a run of just this recipe ends here.
    audio.deactivate()
    route_listener:cancel()
    report.verdict = #report.problems == 0 and "ok" or "problems"
    local path = ctx.output .. "/audio_report.json"
    local file = assert(io.open(path, "w"))
    file:write(json(report), "\n")
    file:close()
    ctx.log.info("%s; report at %s", report.verdict, path)
  end,
}
