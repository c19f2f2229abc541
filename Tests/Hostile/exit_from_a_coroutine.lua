-- exit: 9
coroutine.wrap(function() string.gsub("abc", "%w", function() xpcall(error, function() exit(9) end) end) end)()
