package.path = arg[0]:match("(.*/)") .. "?.lua;" .. package.path
-- DAT's Display errors reach scripts as error values, like every DAT domain's: DisplayError
-- (invalidVideoURL, displayError, deviceDisconnected) and VideoError.playbackFailed with its
-- VideoErrorType as .reason. A second video refused with alreadyPlaying leaves the app's view
-- as it was: the first video plays on, there and on the lens.
local check = require "check"

-- Waits (up to 10 s) until `cond()` holds: over --connect, what the glasses report arrives
-- on the served world's clock, not at the instant it does here.
local function eventually(cond)
  for _ = 1, 100 do
    if cond() then return end
    wait(0.1)
  end
end

-- Prints what a script catching by code sees, so the connected run is compared with it.
local function caught(what, ok, err)
  check.eq(ok, false, what .. " fails")
  check.eq(type(err), "userdata", what .. ": an error value, not a string")
  print(what, err.domain, err.code, err.reason)
  return err
end

local g = mock.pair("metaRayBanDisplay")
local session = wearables.session(wearables.specific_selector(g.device))
session:start()
local d = session:display()

local e = caught("show before start", pcall(d.show, d, {type = "flexbox"}))
check.eq(e.domain .. "." .. e.code, "DisplayError.displayError", "a display that is not started")
check.eq(tostring(e), "DisplayError.displayError: " .. e.message, "tostring as before")
d:start()

e = caught("a ftp URL", pcall(d.play, d, {url = "ftp://x"}))
check.eq(e.domain, "DisplayError", "domain")
check.eq(e.code, "invalidVideoURL", "code")
check.eq(e.reason, nil, "no reason outside VideoError")
check.eq(tostring(e), "DisplayError.invalidVideoURL: a video needs an http:// or https:// URL", "tostring")
caught("a blank URL", pcall(d.play, d, {url = ""}))

local many = {}
for i = 1, 1001 do many[i] = {type = "icon", name = "gear"} end
e = caught("1001 components", pcall(d.show, d, {type = "flexbox", children = many}))
check.eq(e.code, "displayError", "too large is displayError")
check.eq(e.message, "root: a tree holds at most 1000 components", "its message names the path")
e = caught("5000 bytes of text", pcall(d.show, d, {type = "flexbox", children = {{type = "text", content = string.rep("x", 5000)}}}))
check.eq(e.code, "displayError", "a long text is displayError")
-- A shape DAT cannot express stays an argument error (a bug in the script, not a DAT failure).
check.raises(function() d:show{type = "buton"} end, "bad argument", "an unknown component")

-- A failed video: VideoError.playbackFailed on "error", with DAT's VideoErrorType as .reason.
local errors, videos = {}, {}
d:on("error", function(err) errors[#errors + 1] = err end)
d:on("video", function(ev) videos[#videos + 1] = ev.type .. (ev.error and ("/" .. ev.error) or "") end)
d:play{url = "https://example.com/a.mp4"}
eventually(function() return d.playing end)
check.eq(d.playing, true, "the first video plays")

-- The second is refused (an event, not a raise): the app's view stays on the first.
d:play{url = "https://example.com/b.mp4"}
check.eq(d.playing, true, "a refused video leaves the first playing in the app's view")
check.seq(d.ids, {"root"}, "and shown")
eventually(function() return #errors >= 1 end)
e = errors[1]
print("a second video", e.domain, e.code, e.reason)
check.eq(tostring(e), "VideoError.playbackFailed(alreadyPlaying): " .. e.message, "tostring names the reason")
check.eq(g.display.video_url, "https://example.com/a.mp4", "the lens plays the first")
wait(1)
check.eq(d.playing, true, "still playing a second later")
check.eq(g.display.playing, true, "as the lens")

-- The first video fails: it ends, with its VideoError.
g.display:video("error", "playbackFailed")
eventually(function() return #errors >= 2 end)
print("a failed video", errors[2].domain, errors[2].code, errors[2].reason)
check.eq(d.playing, false, "a failed video ends")
check.seq(videos, {"started", "error/alreadyPlaying", "error/playbackFailed"}, "video events")

-- A display whose session ended: deviceDisconnected, as a value too.
session:stop()
check.eq(d.error.domain .. "." .. d.error.code, "DisplayError.deviceDisconnected", "d.error")
caught("start after the session", pcall(d.start, d))
print("ok")
exit(0) -- the "error" and "video" listeners would keep a served run going
