-- Finalizers run as the state closes, after the host let go of the run: every
-- host function, method and field they reach raises, and the exit code stays the script's.
-- exit: 0
-- stdout: refused 11 of 11
-- stderr: Lua warning: error in __gc (
-- stderr: _at_close.lua:31: 'log.info' cannot be used while the run is ending
warn("@on")
local session = wearables.session()
local calls = {
  function() log.info("bye") end,
  function() return now() end,
  function() wait(1) end,
  function() spawn(function() end) end,
  function() after(1, function() end) end,
  function() exit(5) end,
  function() return session.state end,
  function() session:stop() end,
  function() return tostring(session) end,
  function() mock.reset{} end,
  function() wearables.session():start() end,
}
local refused = 0
-- Finalizers run in the reverse order of their marking: this one last.
last = setmetatable({}, { __gc = function() print(("refused %d of %d"):format(refused, #calls)) end })
for i, call in ipairs(calls) do
  _G["f" .. i] = setmetatable({}, { __gc = function()
    if not pcall(call) then refused = refused + 1 end
  end })
end
-- Not caught: reported as lua5.4 reports errors in __gc, a warning.
first = setmetatable({}, { __gc = function() log.info("unprotected") end })
