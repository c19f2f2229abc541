-- Strings crossing the host (spawn arguments, join results, error values)
-- were decoded as UTF-8, and invalid bytes became U+FFFD.
-- exit: 0
-- stdout: bytes intact
local bytes = {}
for i = 0, 255 do bytes[#bytes + 1] = string.char(i) end
local s = table.concat(bytes) .. "\255\254\0\192\128"
assert(spawn(function(x) return x end, s):join() == s, "spawn argument and join result")
local ok, err = pcall(function() return spawn(function() error(s, 0) end):join() end)
assert(not ok and err == s, "error value")
local ok2, err2 = pcall(function() return spawn(function() error({ payload = s }) end):join() end)
assert(not ok2 and err2.payload == s, "error table")
print("bytes intact")
