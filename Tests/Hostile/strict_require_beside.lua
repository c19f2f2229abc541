-- Plain require in strict failed ("global 'package'"); a module beside the script loads.
-- args: --sandbox strict
-- exit: 0
-- stdout: module 42
print("module " .. require("hostile_module").answer)
