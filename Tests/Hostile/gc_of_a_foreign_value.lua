-- sandboxes: standard
-- A host class's __gc called on an io file crashed the host (SIGSEGV): the
-- metatable is sealed now, so the script cannot even reach __gc.
-- exit: 1
-- stderr: attempt to call a nil value
local mt = getmetatable(wearables.devices()[1])
assert(mt.__name == "Device" and mt.__gc == nil, "the sealed metatable shows only the class name")
mt.__gc(io.stdout)
