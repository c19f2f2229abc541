package.path = arg[0]:match("(.*/)") .. "?.lua;" .. package.path
-- mock.reset refuses keys it does not know, by name, listing the ones it takes,
-- instead of resetting to defaults as if the misspelt option were not there.
local check = require "check"

check.raises(function() mock.reset{ registerd = true } end,
  "unknown field 'registerd' %(did you mean 'registered'%?%)", "a misspelt key")
check.raises(function() mock.reset{ nonsense = true } end,
  "unknown field 'nonsense' %(fields: registered, permissions, meta_ai_installed%)", "an unknown key lists the fields")
check.raises(function() mock.reset{ registered = true, permissions = { camra = "granted" } } end,
  "field 'permissions': unknown field 'camra' %(did you mean 'camera'%?%)", "a misspelt permission")
check.raises(function() mock.reset{ [1] = true } end, "unexpected item %[1%]", "a positional value")
check.raises(function() mock.reset{ permissions = "granted" } end, "field 'permissions': table expected", "permissions not a table")
-- Nothing was reset by the refused calls: the ready world's glasses are still paired.
check.eq(#mock.paired(), 1, "refused resets change nothing")
mock.reset{ registered = true, permissions = { camera = "granted" }, meta_ai_installed = true }
check.eq(#mock.paired(), 0, "a valid reset")
check.eq(wearables.registration_state(), "registered", "registered by the reset")
print("ok")
exit(0)
