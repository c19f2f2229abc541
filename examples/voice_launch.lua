-- voice_launch.lua: start a capture when the wearer says "Hey Meta, open <app>".
--
-- DAT 1.0 voice invocations (MWDATCore, experimental): a VoiceInvocationsStream on a
-- device delivers each LaunchApp, which the app answers exactly once (success or
-- failure). Meta AI keeps the launch open until then. On the simulator the wearer's
-- words are glasses.voice:launch(), DAT's MockVoiceInvocationKit.
--
--   glasses run --out out examples/voice_launch.lua

local glasses = mock.paired()[1]
local voice = wearables.voice_stream()
voice:start(glasses.device)

after(1, function() glasses.voice:launch() end) -- "Hey Meta, open the app"

local invocation = assert(voice:next_invocation(30))
log.info("launched by voice: request %s on %s", invocation.id, invocation.device)

local ok, err = pcall(function()
  local session = wearables.session()
  session:start()
  local cam = session:camera{resolution = "low", fps = 15}
  cam:start()
  cam:capture():save("voice_launch.jpg")
  session:stop()
end)
-- Exactly one answer: Meta AI tells the wearer how it went.
local taken = ok and invocation:succeed("photo taken") or invocation:fail(tostring(err))
print(("answered %s (taken: %s)"):format(ok and "success" or "failure", tostring(taken)))
print("Meta AI recorded: " .. glasses.voice:answer(invocation.id))
voice:stop()
