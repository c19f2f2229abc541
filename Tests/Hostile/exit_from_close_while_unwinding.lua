-- exit(44) from a __close handler while an uncaught error unwinds: the exit wins over the error.
-- exit: 44
local _ <close> = setmetatable({}, {__close = function() exit(44) end})
wait(1)
error("unwinding")
