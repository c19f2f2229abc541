-- exit: 9
do local _ <close> = setmetatable({}, { __close = function() exit(9) end }) end
print("unreachable")
