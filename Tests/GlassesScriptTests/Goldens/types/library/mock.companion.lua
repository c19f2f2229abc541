---@meta mock.companion

---The simulated Meta AI app.
---@class mock.companion
mock.companion = {}

---Make the next registration or unregistration flow fail with this error code.
---@param flow CompanionFlow
---@param code string
function mock.companion.fail_next(flow, code) end

---The next flow waits in the Meta AI app, showing its request, until continue_request or cancel_request (or the model's 60 s).
---@param flow CompanionFlow
function mock.companion.hold_next(flow) end

---The user continues the waiting request: the flow succeeds.
---@param flow CompanionFlow
function mock.companion.continue_request(flow) end

---The user cancels the waiting request: the flow fails (unknown).
---@param flow CompanionFlow
function mock.companion.cancel_request(flow) end

---The Meta AI app updates itself (where DAT's openDATGlassesAppUpdate sends the user), the fix for sdkUpdateRequired: 20 s later glasses that needed it are compatible (a compatibility event) and take sessions again. Returns at once.
function mock.companion.update_app() end

return mock.companion
