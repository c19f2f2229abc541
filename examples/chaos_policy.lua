-- chaos_policy.lua: a skeleton of a policy that brings back, after every fault mock.chaos
-- draws, what the fault took: the session, the camera, the display and the hands-free
-- capabilities (docs/chaos.md, "What each fault does", says what each fault takes).
--
--   glasses run --seed 7 --for 10m examples/chaos_policy.lua
--   glasses sweep --seeds 1..1000 --for 10m examples/chaos_policy.lua   # every seed passes
local glasses = mock.pair("metaRayBanDisplay")   -- a pair with a display, so every capability is in play
mock.chaos{
  rates = {fold = 4, power_cycle = 2, disconnect = 8, thermal = 1, battery = 1, capture_failure = 4,
           bandwidth = 2, phone_call = 2, doff = 4, input_fault = 2, speech_fault = 2, voice_launch = 2,
           session_ended = 2, start_internal_error = 2, orphaned_camera = 1, display_sleep = 2, back_gesture = 2},
  devices = {glasses},
}
expect("restart_gap")                 -- never a session start within 2 s of a stop (it wedges real glasses)
expect("photos_resolve")              -- every accepted capture ends in a photo or a PhotoError
expect("streaming_within", 15)        -- streaming again within 15 s of the last fault clearing
expect("never stuck", function() return not glasses.stuck, "the glasses are wedged" end)

local device = glasses.device
wearables.request_permission("microphone")       -- speech needs it

-- "Hey Meta, open ..." needs no session: answer each invocation (voice_launch). The stream starts
-- only while the glasses are connected, so it is started (again) whenever it is not listening.
local voice = wearables.voice_stream()
voice:on("invocation", function(invocation) invocation:succeed() end)
every(1, function()
  if not voice.started and device.link == "connected" then pcall(voice.start, voice, device) end
end)

-- Start only when the glasses could stream: connected, worn (a stream started while they are
-- off waits for them to be put on), not too hot, battery above 10 %.
local too_hot = {severe = true, critical = true, emergency = true, shutdown = true}
local function ready()
  return device.link == "connected" and device.don ~= "doffed" and not too_hot[device.thermal]
    and (device.battery == nil or device.battery > 10)
end

-- One session, supervised until it stops: what stops without its session is brought back here.
local function run_session()
  local session = wearables.session(wearables.specific_selector(device))
  local ok, err = pcall(function()
    session:start()
    local cam = session:camera{resolution = "low", fps = 15}
    local display = device:supports_display() and session:display()
    local inputs = session:inputs{}
    local speech = session:speech()
    local motion = session:motion{rate = "hz5"}
    motion:start()
    if display then display:start() display:show{type = "flexbox", children = {{type = "text", content = "recording"}}} end
    local paused_ready = 0                                    -- seconds paused while worn and connected
    while session.state ~= "stopped" do
      paused_ready = (session.state == "paused" and ready()) and paused_ready + 1 or 0
      if paused_ready >= 2 then break end                     -- opened while off: DAT will not resume it
      if session.state == "started" then                      -- paused: DAT resumes it (or ends it)
        if cam.state == "stopped" then pcall(cam.start, cam) end -- a doff past 3 s, internalError
        if inputs.state == "inactive" then session:remove_inputs() inputs = session:inputs{} end   -- input_fault
        if speech.state == "stopped" then pcall(speech.start, speech) end                        -- speech_fault
        if cam.state == "streaming" and math.random() < 0.05 then cam:try_capture() end           -- capture_failure
      end
      wait(1)
    end
  end)
  if not ok then log.warn("session ended: %s", tostring(err)) end
  if session.state ~= "stopped" then pcall(session.stop, session) end
end

local last_stop = -math.huge
while true do
  if not ready() then
    wait(1)
  elseif now() < last_stop + 2.5 then
    wait(last_stop + 2.5 - now())
  else
    run_session()
    last_stop = now()
  end
end
