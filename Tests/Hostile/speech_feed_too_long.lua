-- 16 KB of "9999999999 " as a speech feed is hours of spoken numbers: it made 894 MB of
-- samples, synthesised on the world's thread for seconds. Speech past 60 s is refused
-- at the feed (espeak-ng is stopped there), in one line naming the limit and the fix.
-- args: --max-memory 64M
-- exit: 0
-- stdout: refused: takes longer than 60 s to say
-- stdout: feed a shorter text
local glasses = mock.paired()[1]
local ok, err = pcall(glasses.microphone.feed, glasses.microphone, {speech = ("9999999999 "):rep(1450)})
assert(not ok, "the feed was taken")
local message = tostring(err)
print("refused: " .. assert(message:match("takes longer than %d+ s to say"), message))
print(message)
-- A short text is still said.
glasses.microphone:feed{speech = "take a photo"}
print("short speech fed")
