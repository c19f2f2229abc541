---@meta mock

---The simulator (MockDeviceKit): glasses, faults, the Meta AI app's answers. Its actions wait for the world to apply them (at once here, for the reply over --connect), so they are called from tasks, not from finalizers or selector filters.
---@class mock
---@field permissions mock.permissions
---@field companion mock.companion
mock = {}

---Empty the world: unpair everything; set registration, the permissions new glasses get, and whether the Meta AI app is installed (false: registration is unavailable); unknown keys are refused.
---@param options? {registered?: boolean, permissions?: {camera?: "granted"|"denied", microphone?: "granted"|"denied"}, meta_ai_installed?: boolean}
function mock.reset(options) end

---MockDeviceKit enable(config:): turn the mock on after mock.disable(), as mock.reset does with the same options.
---@param options? {registered?: boolean, permissions?: {camera?: "granted"|"denied", microphone?: "granted"|"denied"}, meta_ai_installed?: boolean}
function mock.enable(options) end

---MockDeviceKit disable(): the mock's glasses go (sessions end, deviceNotFound) and mock calls fail until mock.enable{}.
function mock.disable() end

---The simulated glasses, in pairing order.
---@return MockGlasses[]
function mock.paired() end

---Pair new glasses (default rayBanMeta), ready to use: on, unfolded, worn. ready=false: out of the box; imu=false: without motion sensors (Motion fails with sensorUnavailable).
---@param model? "rayBanMeta"|"oakleyMetaHSTN"|"oakleyMetaVanguard"|"metaRayBanDisplay"|"rayBanMetaOptics"|"metaGlasses"
---@param options? {ready?: boolean, imu?: boolean}
---@return MockGlasses
function mock.pair(model, options) end

---A phone call that interrupts the audio session now and ends after `seconds`. The phone is this process, so over --connect the call is here too.
---@param seconds number
function mock.phone_call(seconds) end

---Whether photos fail to arrive while audio is routed over HFP to the glasses, as users report (on by default).
---@param on boolean
function mock.set_hfp_blocks_photo_capture(on) end

---Whether a camera stream starting pauses the phone's A2DP playback to the glasses for good: audio hears an interruption begin and never end, as users report (ios#256; on by default).
---@param on boolean
function mock.set_a2dp_pauses_on_stream(on) end

---Whether streams at 720p, or 504x896@30, freeze now and then for 1.3-1.9 s over Bluetooth Classic, still streaming and with no error, as users report (on by default).
---@param on boolean
function mock.set_classic_stalls(on) end

---Switch a third-party field report (Meta unconfirmed; all off by default): displaySleep (the lens dims after 20 s and sleeps after 25 s without interaction), backEndsDisplay (a Back the app does not consume ends the session holding a started display), threePairs (at most three mock devices paired), requestExpiry (a request the Meta AI app shows expires after five minutes), warmReopen (android#177: glasses cached from an earlier run refuse sessions until a registration in this run), videoPlayerSize (a video over 400 px a side or 70,000 px in total does not play: glasses.display:set_video_size(w, h)).
---@param name "displaySleep"|"backEndsDisplay"|"threePairs"|"requestExpiry"|"warmReopen"|"videoPlayerSize"
---@param on boolean
function mock.set_field_report(name, on) end

---Whether the glasses' HFP link falls back from mSBC (16 kHz) to CVSD (8 kHz), as older or busy links do; the route's rate changes (routeConfigurationChange). The phone is this process, so over --connect too.
---@param on boolean
function mock.set_hfp_narrowband(on) end

---Seeded faults: `rates` per hour by kind (fold, power_cycle, disconnect, thermal, battery, capture_failure, bandwidth, phone_call, doff, input_fault, speech_fault, voice_launch, session_ended, start_internal_error, orphaned_camera, display_sleep, back_gesture, warm_reopen), drawn from the run's seed over `span` seconds (default --for, else 1 h), at least `min_gap` s apart; `schedule` replays a file, `save` writes one. glasses run --faults FILE replays FILE instead. Returns the faults ({t, kind, device, duration}).
---@param options {rates?: {fold?: number, power_cycle?: number, disconnect?: number, thermal?: number, battery?: number, capture_failure?: number, bandwidth?: number, phone_call?: number, doff?: number, input_fault?: number, speech_fault?: number, voice_launch?: number, session_ended?: number, start_internal_error?: number, orphaned_camera?: number, display_sleep?: number, back_gesture?: number, warm_reopen?: number}, durations?: {fold?: number|{min: number, max: number}, power_cycle?: number|{min: number, max: number}, disconnect?: number|{min: number, max: number}, thermal?: number|{min: number, max: number}, battery?: number|{min: number, max: number}, capture_failure?: number|{min: number, max: number}, bandwidth?: number|{min: number, max: number}, phone_call?: number|{min: number, max: number}, doff?: number|{min: number, max: number}, input_fault?: number|{min: number, max: number}, speech_fault?: number|{min: number, max: number}, voice_launch?: number|{min: number, max: number}, session_ended?: number|{min: number, max: number}, start_internal_error?: number|{min: number, max: number}, orphaned_camera?: number|{min: number, max: number}, display_sleep?: number|{min: number, max: number}, back_gesture?: number|{min: number, max: number}, warm_reopen?: number|{min: number, max: number}}, min_gap?: number, devices?: (MockGlasses|string)[], span?: number, schedule?: string, save?: string}
---@return table[]
function mock.chaos(options) end

return mock
