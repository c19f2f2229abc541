-- An 8000x8000 still as camera feed held 397 MB under --max-memory 64M. A still's decoded
-- size, read from its header before decoding, is charged to the cap: a 6000x6000 one (under
-- the pixel limit) ends the run with the memory limit (exit 3). The file is 632 bytes.
-- args: --max-memory 64M
-- exit: 3
-- stderr: (--max-memory) exceeded
-- stderr: a 6000x6000 still as camera feed
local jpeg = arg[0]:gsub("[^/]*$", "header_6000x6000.jpg")
local glasses = mock.paired()[1]
glasses.camera:feed(jpeg)
print("the feed was taken")
