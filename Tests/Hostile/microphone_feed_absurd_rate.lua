-- A WAV whose header claims 2,000,000,000 Hz made the microphone's resampler spin until
-- --timeout. Such a rate is refused where the feed is given, naming the rate and the
-- rates read; played (standard), it is refused the same way. The run ends by itself.
-- exit: 0
-- stdout: refused: 2000000000 Hz
-- stdout: from 1000 to 768000 Hz
local wav = arg[0]:gsub("[^/]*$", "rate_of_2ghz.wav")
local glasses = mock.paired()[1]
local ok, err = pcall(glasses.microphone.feed, glasses.microphone, wav)
assert(not ok, "the feed was taken")
local message = tostring(err)
assert(message:find("2000000000 Hz", 1, true), message)
print("refused: " .. message:match("%d+ Hz"))
print(message)
audio.configure{category = "playAndRecord"}
audio.activate()
local played, why = pcall(audio.play, wav)
assert(not played, "the file played")
-- (strict refuses the path itself: the file is outside the run's folders)
local sandboxed = tostring(why):find("no readable sound file", 1, true)
assert(sandboxed or tostring(why):find("2000000000 Hz", 1, true), tostring(why))
-- The microphone still hears a feed it can read.
glasses.microphone:feed{tone = 440}
print("tone fed")
