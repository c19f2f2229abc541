-- audio_diagnostics.lua: check the glasses' audio end to end, like the field
-- diagnostics tool: show the route and its changes, record from the glasses'
-- microphone over HFP, play the recording back through the glasses (A2DP),
-- and write a report.
--
--   glasses run --out DIR examples/audio_diagnostics.lua [SECONDS]
--
-- SECONDS is the recording length (default 5). DIR receives recording.wav and
-- audio_report.json (routes, route changes, levels, playback, verdict).
--
-- The flow itself is the built-in recipe `audio-diagnostics` (read it with
-- `glasses recipe info audio-diagnostics`, or in
-- Sources/Scripting/GlassesScript/Recipes/Resources/builtin/audio-diagnostics.recipe).
-- This script shows how a script starts a recipe and follows it.

local seconds = tonumber(arg[1]) or 5
assert(seconds > 0, "SECONDS must be a positive number, got " .. tostring(arg[1]))

-- On the simulator, give the glasses' microphone something to hear.
local glasses = mock and mock.paired()[1]
if glasses then glasses.microphone:feed{tone = 440} end

local route = audio.route()
print(("route before: in %s, out %s"):format(
  route.inputs[1] and route.inputs[1].port or "none", route.outputs[1] and route.outputs[1].port or "none"))

-- The recipe runs in its own task; the run ends when it is done.
local diagnostics = recipes.run("audio-diagnostics", {seconds = seconds .. "s"})
print("audio-diagnostics: " .. diagnostics.status)
