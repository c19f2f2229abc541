-- With the debug library (trusted), a script can give an io file a host
-- class's metatable; the file must never be taken for a host object.
-- args: --sandbox trusted
-- exit: 0
-- stdout: forgery refused
local device = wearables.devices()[1]
local mt = debug.getmetatable(device)
debug.setmetatable(io.stdout, mt)
assert(not pcall(function() return io.stdout.name end))
assert(pcall(mt.__gc, io.stdout))
assert(tostring(io.stdout):find("no longer valid"))
assert(mt.__eq(io.stdout, device) == false)
assert(not pcall(device.name_or_id, io.stdout))
collectgarbage()
assert(device:name_or_id())
print("forgery refused")
