-- A strict script that defines its own `package` made require read any file.
-- args: --sandbox strict
-- exit: 0
-- stdout: spoof ignored
package = { path = "/etc/?", preload = {} }
local ok, message = pcall(require, "passwd")
assert(not ok and not message:find("/etc/", 1, true), message)
print("spoof ignored")
