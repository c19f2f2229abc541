-- A strict script has no file access, so reading a missing file and reading
-- a file that is not media must fail with the same words: otherwise the
-- message tells the script which files exist.
-- args: --sandbox strict
-- exit: 0
-- stdout: one message
local camera = mock.paired()[1].camera
local function message(f, path)
  local ok, err = pcall(f, path)
  assert(not ok)
  return (tostring(err):gsub("'[^']*'", "'PATH'"))
end
local function photo(path) camera:photo(path) end
local function feed(path) camera:feed(path) end
local function play(path) audio.play(path) end
for _, f in ipairs({ photo, feed, play }) do
  -- Beside the script, where it may read: elsewhere the path is refused before any file is touched.
  local missing = message(f, (arg[0]:gsub("[^/]*$", "no_such_file.png")))
  local not_media = message(f, arg[0])
  assert(missing == not_media, missing .. " ~= " .. not_media)
end
print("one message")
