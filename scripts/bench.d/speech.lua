-- Speech for arg[3] seconds of run time with the microphone hearing arg[1] (a WAV, looped),
-- transcribed live by PocketSphinx (arg[2] == "live") or not at all (the injected source:
-- the same world and timers, no decoding). Prints the final transcriptions counted.
local glasses = mock.paired()[1]
mock.permissions.set("microphone", "granted")
if arg[2] == "live" then glasses.speech:set_source("liveDeviceAsr") end
glasses.microphone:feed(arg[1])
local session = wearables.session()
session:start()
local sp = session:speech()
local finals = 0
local handle = sp:on("transcription", function(t)
  if t.final then finals = finals + 1 end
end)
sp:start()
wait(tonumber(arg[3]))
handle:cancel()
sp:stop()
session:stop()
print(finals)
