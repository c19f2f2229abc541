-- exit() from a table.sort comparator: a C function sits between the call and the task.
-- exit: 9
table.sort({ 3, 2, 1 }, function() exit(9) end)
print("unreachable")
