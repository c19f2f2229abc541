---@meta wearables

---The DAT entry point: registration, permissions, devices, sessions.
---@class wearables
wearables = {}

---Whether this app is registered with the Meta AI app.
---@return "unavailable"|"available"|"registering"|"registered"
function wearables.registration_state() end

---Register through the Meta AI app; waits for the flow, raises RegistrationError.
function wearables.register() end

---Unregister through the Meta AI app; waits for the flow, raises UnregistrationError.
function wearables.unregister() end

---The current status of a permission.
---@param name Permission
---@return "granted"|"denied"
function wearables.permission(name) end

---Ask the Meta AI app for a permission; waits for the answer, raises PermissionError.
---@param name Permission
---@return "granted"|"denied"
function wearables.request_permission(name) end

---Open the Meta AI app's firmware update (DAT openFirmwareUpdate), the fix for deviceUpdateRequired: waits until the app opened, raises NavigationError; connected glasses that need it install it (30 s off the link), then are compatible.
function wearables.open_firmware_update() end

---Open the Meta AI app's DAT app update (DAT openDATGlassesAppUpdate), the fix for sdkUpdateRequired: waits until the app opened, raises NavigationError; 20 s later glasses that needed it are compatible.
function wearables.open_glasses_app_update() end

---The glasses linked to the Meta AI app.
---@return Device[]
function wearables.devices() end

---The device with this identifier, or nil.
---@param id string
---@return Device?
function wearables.device(id) end

---Listen to registration state or device list changes; first with the current value, at the caller's next wait.
---@param event WearablesEvent
---@param fn function
---@return Handle
function wearables.on(event, fn) end

---Selects the first connected device (passing `filter`), else the first; follows the device list.
---@param options? {filter?: fun(device: Device): boolean}
---@return Selector
function wearables.auto_selector(options) end

---Always selects this device, present or not.
---@param device Device|string
---@return Selector
function wearables.specific_selector(device) end

---A new idle session bound to the device the selector (the auto selector when omitted) resolves now (DAT createSession). Raises DeviceSessionError.noEligibleDevice when it resolves no connected device, sessionAlreadyExists when that device has a live session.
---@param selector? Selector
---@return DeviceSession
function wearables.session(selector) end

---A camera on its own implicit session: cam:start() starts both, cam:stop() stops both.
---@param options? {selector?: Selector, resolution?: StreamingResolution, fps?: 2|7|15|24|30, codec?: VideoCodec, audio_rate?: 16000|44100|48000}
---@return Camera
function wearables.stream(options) end

---DAT 1.0 VoiceInvocationsStream (experimental): "Hey Meta, open <app>" arrives as a LaunchApp on "invocation"; register listeners, then stream:start(device). Needs no session and no permission.
---@return VoiceInvocationsStream
function wearables.voice_stream() end

return wearables
