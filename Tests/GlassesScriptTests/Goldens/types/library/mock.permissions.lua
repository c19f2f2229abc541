---@meta mock.permissions

---Permission grants and how the Meta AI app answers requests.
---@class mock.permissions
mock.permissions = {}

---Grant or revoke a permission now.
---@param name Permission
---@param status "granted"|"denied"
function mock.permissions.set(name, status) end

---How the Meta AI app answers the next requests (timeout: it never answers; connectionError, internalError: it fails so).
---@param name Permission
---@param answer PermissionAnswer
function mock.permissions.on_request(name, answer) end

return mock.permissions
