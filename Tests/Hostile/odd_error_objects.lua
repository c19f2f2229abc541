-- Uncaught errors of every type, and a __tostring that itself raises, are
-- reported; none takes the host down.
-- exit: 1
-- stderr: error object is a nil value
-- stderr: error object is a thread value
-- stderr: 5 tasks failed
spawn(function() error(nil) end)
spawn(function() error(coroutine.create(print)) end)
spawn(function() error(setmetatable({}, { __tostring = function() error("again") end })) end)
spawn(function() error(setmetatable({}, { __tostring = function() return 42 end })) end)
spawn(function() error(wearables.devices()[1]) end)
