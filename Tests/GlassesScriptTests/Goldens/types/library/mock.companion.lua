---@meta mock.companion

---The simulated Meta AI app.
---@class mock.companion
mock.companion = {}

---Make the next registration or unregistration flow fail with this error code.
---@param flow "registration"|"unregistration"
---@param code string
function mock.companion.fail_next(flow, code) end

return mock.companion
