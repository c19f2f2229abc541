---@meta _

---A failure: domain (e.g. StreamError), code (the DAT case name) and message.
---@class Error
---@field domain string The error type, e.g. "StreamError".
---@field code string The DAT case name, e.g. "deviceNotConnected".
---@field message string What went wrong, for people.
---@field reason string? VideoError only: DAT's VideoErrorType (alreadyPlaying, urlInvalid, playbackFailed, unknown); nil otherwise.
local Error = {}

---A listener registered with :on(); it lives until cancel().
---@class Handle
---@field event string The event this handle listens to.
---@field active boolean False once cancelled.
local Handle = {}

---Stop listening; the callback is released.
function Handle:cancel() end

---A function running as its own task.
---@class Task
---@field status "ready"|"running"|"waiting"|"done"|"failed"|"cancelled" Where the task is in its life.
local Task = {}

---Stop the task; what it waits on is abandoned.
function Task:cancel() end

---Wait for the task to end; returns its results or raises its error.
---@return any ...
function Task:join() end

---A pending after() or every() call.
---@class Timer
---@field active boolean False once fired (after) or cancelled.
local Timer = {}

---Stop the timer.
function Timer:cancel() end

---A pair of glasses linked to the Meta AI app.
---@class Device
---@field id string The device identifier.
---@field name string The human-readable name (may be empty).
---@field type "unknown"|"rayBanMeta"|"oakleyMetaHSTN"|"oakleyMetaVanguard"|"metaRayBanDisplay"|"rayBanMetaOptics"|"metaGlasses" The model.
---@field link "disconnected"|"connecting"|"connected" Bluetooth link state.
---@field battery integer? Battery level 0-100, nil when unknown.
---@field charging "unknown"|"charging"|"notCharging" Charging state.
---@field don "unknown"|"doffed"|"donned" Whether the glasses are worn.
---@field hinge "unknown"|"closed"|"open" Whether the hinges are open.
---@field thermal "unknown"|"none"|"light"|"moderate"|"severe"|"critical"|"emergency"|"shutdown" Thermal level.
---@field compatibility "undefined"|"compatible"|"deviceUpdateRequired"|"sdkUpdateRequired" Compatibility with this SDK version.
local Device = {}

---The name, or the identifier when unnamed.
---@return string
function Device:name_or_id() end

---Whether the glasses have a display (Meta Ray-Ban Display).
---@return boolean
function Device:supports_display() end

---Listen to link state, any state change (fn gets the device) or compatibility, first with the current value, at the caller's next wait; or to the wearer's inputs (fn gets "tap"|"tapAndHold"|"captureButton").
---@param event DeviceEvent
---@param fn function
---@return Handle
function Device:on(event, fn) end

---Decides which device a session targets.
---@class Selector
---@field active_device Device? The device sessions on this selector would use.
local Selector = {}

---Listen to the active device; first with the current one, at the caller's next wait.
---@param event "active"
---@param fn fun(device: Device?)
---@return Handle
function Selector:on(event, fn) end

---A session on one device; `stopped` is terminal, as in DAT: make a new session to restart.
---@class DeviceSession
---@field state "idle"|"starting"|"started"|"paused"|"stopping"|"stopped" Where the session is in its life.
---@field device Device? The device the session runs on, once chosen.
---@field error Error? The error that stopped the session, if any.
local DeviceSession = {}

---Start the session; waits until `started`, raises DeviceSessionError.
function DeviceSession:start() end

---Stop the session (and its camera); waits until `stopped`. It cannot be started again.
function DeviceSession:stop() end

---Wait until the session reaches `state`; nil and an error on timeout or if it stops first.
---@param state SessionState
---@param timeout? number
---@return true?
---@return Error?
function DeviceSession:wait_for(state, timeout) end

---Listen to state (first the current one, at the caller's next wait) or errors (fn gets an Error).
---@param event SessionEvent
---@param fn function
---@return Handle
function DeviceSession:on(event, fn) end

---Add a camera stream to a started session (DAT addCamera); defaults medium, 30 fps, raw; audio_rate adds PCM audio, which needs HFP configured first.
---@param options? {resolution?: StreamingResolution, fps?: 2|7|15|24|30, codec?: VideoCodec, audio_rate?: 16000|44100|48000}
---@return Camera
function DeviceSession:camera(options) end

---Remove the session's camera (DAT Camera.stop() detaching it; removeStream before 0.9): it stops, waits until stopped, and cannot start again; the session can take a new one. Raises DeviceSessionError.capabilityNotFound when it holds none.
function DeviceSession:remove_camera() end

---Add DAT 1.0 Inputs (experimental) to a started session: nav, select, back, button, capture and drag events from the sources asked for (default all but unknown); consume_back=false leaves Back to the glasses. On a session that is not started, nil (DAT addInputs returns nil) and ScriptError.notStarted saying its state. Raises DeviceSessionError.capabilityAlreadyActive when it has one.
---@param options? {sources?: InputSource[], consume_back?: boolean}
---@return Inputs?
---@return Error?
function DeviceSession:inputs(options) end

---Remove the session's Inputs (DAT removeInputs): it deactivates and its events end; waits until inactive. Raises DeviceSessionError.capabilityNotFound when it holds none.
function DeviceSession:remove_inputs() end

---Add DAT 1.0 Motion (experimental) to a started session: stopped until motion:start(); rate hz5, hz10 (default), hz15, hz24, hz30 or hz60 (or the number); sensors= keeps some of a sample's fields (ours). Raises sessionIdle before started, capabilityAlreadyActive when it has one.
---@param options? {rate?: MotionSamplingRate|5|10|15|24|30|60, sensors?: MotionSensor[]}
---@return Motion
function DeviceSession:motion(options) end

---Remove the session's Motion (DAT removeMotion; terminal for it). Raises capabilityNotFound when it holds none.
function DeviceSession:remove_motion() end

---Add DAT 1.0 Speech (experimental) to a started session: stopped until speech:start(), which needs the microphone permission. Raises sessionIdle before started, capabilityAlreadyActive when it has one.
---@return Speech
function DeviceSession:speech() end

---Remove the session's Speech (DAT removeSpeech; terminal). Raises capabilityNotFound when it holds none.
function DeviceSession:remove_speech() end

---Add the display to a started session on Meta Ray-Ban Display glasses (DAT addDisplay); it is `stopped` until display:start(). Raises DeviceSessionError (sessionIdle before started, capabilityAlreadyActive for a second one, unexpectedError on glasses without a display).
---@return Display
function DeviceSession:display() end

---A camera stream: frames, photos, state.
---@class Camera
---@field state "stopping"|"stopped"|"waitingForDevice"|"starting"|"streaming"|"paused" The stream state.
---@field camera_state "starting"|"started"|"stopping"|"stopped" The camera capability's state: held by the session from start() until stopped, also while the stream is paused.
---@field config {resolution: string, fps: integer, codec: string} The requested settings.
---@field effective {resolution: string, fps: integer, width: integer, height: integer} The settings after the bandwidth ladder.
---@field device Device? The device streaming, once known.
---@field photo PhotoFeature DAT 1.0 camera.photo: the persistent standalone-photo feature (start, capture, stop); cam:photo{} calls it.
---@field frames integer Frames delivered so far.
local Camera = {}

---Start streaming; waits until `streaming`, raises StreamError (DeviceSessionError when its session has stopped or another camera took the session's camera).
function Camera:start() end

---Stop streaming; waits until `stopped` (an implicit stream stops its session too, and waits for it).
function Camera:stop() end

---Listen to the stream's or the camera capability's state (first the current one, at the caller's next wait), frames (valid during the callback only), photos, errors, or audio chunks {timestamp, rate, level, samples} of a stream with audio_rate=.
---@param event CameraEvent
---@param fn function
---@return Handle
function Camera:on(event, fn) end

---Wait for the next frame (yours to keep); raises StreamError.timeout after `timeout` seconds.
---@param timeout? number
---@return Frame
function Camera:next_frame(timeout) end

---Capture a photo and wait for it; raises PhotoError. Streaming pauses meanwhile.
---@param format? PhotoCaptureFormat (default "jpeg")
---@return Photo
function Camera:capture(format) end

---cam:photo without waiting: the PhotoCapture reports DAT's PhotoState (starting, started, stopping, stopped), its photo or PhotoError; capture:wait() waits for it.
---@param options? {resolution?: PhotoResolution, quality?: PhotoQuality, format?: PhotoCaptureFormat}
---@return PhotoCapture
function Camera:start_photo(options) end

---Record the stream as the app sees it to a fragmented .mp4/.mov (MPEG-4 video at the effective size, AAC audio when the stream has audio_rate=); relative paths go to --out; without duration, until rec:stop() or the stream stops. The file plays however the recording ends.
---@param options {path: string, duration?: number}
---@return VideoRecorder
function Camera:record(options) end

---DAT capturePhoto: false when not streaming or a capture is in flight; the photo arrives on "photo".
---@param format? PhotoCaptureFormat (default "jpeg")
---@return boolean
function Camera:try_capture(format) end

---DAT 1.0 Inputs (MWDATInputs, experimental): the glasses' input events routed to the app; the newest 64 wait for next_input.
---@class Inputs
---@field state InputsState DAT InputsState.
---@field config {sources?: InputSource[], consume_back?: boolean} The configuration asked for: {sources=, consume_back=}.
---@field error Error? The InputsError that ended the events, if any.
---@field dropped integer Events dropped because 64 were already waiting.
local Inputs = {}

---Listen to input events (fn gets {type, source, timestamp_ms, ...}), the state (first the current one) or errors (InputsError).
---@param event InputsEvent
---@param fn function
---@return Handle
function Inputs:on(event, fn) end

---The oldest buffered input event (DAT keeps the newest 64), waiting for one if none is; nil and ScriptError.timeout after `timeout` seconds (a number or {timeout=}). Raises the InputsError that ended the events (connectionClosed once removed).
---@param timeout? number|{timeout?: number}
---@return {type: InputEventKind, source: InputSource, timestamp_ms: integer, direction?: NavDirection, button?: ButtonType, press_type?: CapturePressType, action?: DragAction, x?: number, y?: number, dx?: number, dy?: number}?
---@return Error?
function Inputs:next_input(timeout) end

---Wait until Inputs reaches `state`; nil and an error on timeout or when its events end first.
---@param state InputsState
---@param timeout? number
---@return true?
---@return Error?
function Inputs:wait_for(state, timeout) end

---Remove these Inputs from their session (session:remove_inputs()); waits until inactive.
function Inputs:remove() end

---DAT 1.0 Motion (MWDATMotion, experimental): IMU samples at the configured rate; the newest 256 wait for next_sample.
---@class Motion
---@field state MotionState DAT MotionState.
---@field config {rate?: MotionSamplingRate|5|10|15|24|30|60, sensors?: MotionSensor[]} {rate=, sensors=} as asked for.
---@field error Error? The last MotionError, if any.
---@field dropped integer Samples dropped because 256 were already waiting.
local Motion = {}

---Start sampling; waits until started. Raises MotionError (sensorUnavailable, capabilityClosed).
function Motion:start() end

---Stop sampling (DAT stop(): start() may follow); waits until stopped.
function Motion:stop() end

---Listen to samples ({timestamp_ns, source, accelerometer={x,y,z}, gyroscope, magnetometer, orientation={x,y,z,w}}), the state (first the current one) or errors (MotionError).
---@param event MotionEvent
---@param fn function
---@return Handle
function Motion:on(event, fn) end

---The oldest buffered sample (DAT keeps the newest 256), waiting for the next; nil and ScriptError.timeout after `timeout` seconds. Raises MotionError.capabilityClosed once removed.
---@param timeout? number
---@return table?
---@return Error?
function Motion:next_sample(timeout) end

---Remove this Motion from its session (session:remove_motion()).
function Motion:remove() end

---DAT 1.0 Speech (MWDATSpeech, experimental): on-device transcriptions {text, final, confidence (-1: none)}.
---@class Speech
---@field state SpeechState DAT SpeechState.
---@field locale string? The recogniser's locale, once announced.
---@field error Error? The last SpeechError, if any.
local Speech = {}

---Start listening; waits until started. Raises SpeechError (startFailed without the microphone permission, alreadyListening, unavailable, invalidState once removed).
function Speech:start() end

---Stop listening (DAT stop(): Speech stays attached and can start again).
function Speech:stop() end

---Listen to transcriptions ({text, final, confidence}), the state (first the current one), errors (SpeechError) or the locale.
---@param event SpeechEvent
---@param fn function
---@return Handle
function Speech:on(event, fn) end

---The oldest transcription not read yet, waiting for one; nil and ScriptError.timeout after `timeout` s.
---@param timeout? number
---@return table?
---@return Error?
function Speech:next_transcription(timeout) end

---The next final transcription {text, final, confidence} (partials are skipped); nil and ScriptError.timeout after `timeout` s.
---@param timeout? number
---@return table?
---@return Error?
function Speech:next_final(timeout) end

---DAT 1.0 VoiceInvocationsStream: invocations from Meta AI for one device; answer each exactly once.
---@class VoiceInvocationsStream
---@field started boolean Whether the stream listens on a device.
---@field device string? The id of the device it listens on.
local VoiceInvocationsStream = {}

---Start listening on `device` (a Device or id; DAT start(deviceIdentifier:)); starting again moves the stream. Raises VoiceInvocationError.deviceNotFound or channelNotConnected.
---@param device Device|string
function VoiceInvocationsStream:start(device) end

---Stop listening (DAT stop()); safe when not started; the stream can start again.
function VoiceInvocationsStream:stop() end

---Listen to invocations (fn gets a LaunchApp, to answer once with :succeed or :fail) or errors (VoiceInvocationError).
---@param event VoiceEvent
---@param fn function
---@return Handle
function VoiceInvocationsStream:on(event, fn) end

---The oldest invocation not taken yet, waiting for one; nil and ScriptError.timeout after `timeout` seconds.
---@param timeout? number
---@return LaunchApp?
---@return Error?
function VoiceInvocationsStream:next_invocation(timeout) end

---DAT 1.0 LaunchApp: the wearer asked Meta AI to open this app; answer exactly once.
---@class LaunchApp
---@field type "LaunchApp" The invocation's kind (DAT delivers only LaunchApp).
---@field id string The request id (the mock's sendLaunchAppAction() return value; ours).
---@field device string The id of the device it came from.
---@field answer "success"|"failure"|nil The app's answer so far.
local LaunchApp = {}

---Answer the invocation with success (DAT ResponseHandle.sendSuccess(actionOutput:)); waits; true when Meta AI took it. A second answer raises ScriptError.alreadyAnswered.
---@param output? string
---@return boolean
function LaunchApp:succeed(output) end

---Answer the invocation with failure (DAT ResponseHandle.sendFailure(actionOutput:)); waits; true when Meta AI took it. A second answer raises ScriptError.alreadyAnswered.
---@param output? string
---@return boolean
function LaunchApp:fail(output) end

---A standalone photo in flight (DAT 1.0 Camera.photo): its PhotoState and outcome.
---@class PhotoCapture
---@field state "stopped"|"starting"|"started"|"stopping" DAT's PhotoState: starting (the glasses set up), started (taking and transferring), stopping, stopped (done).
---@field progress table? The transfer's latest progress {bytes_received, total_bytes, fraction}; nil before it began.
---@field photo Photo? The photo, once it arrived.
---@field error Error? Why there is no photo, once known.
local PhotoCapture = {}

---Wait for the photo; raises its PhotoError.
---@return Photo
function PhotoCapture:wait() end

---Listen to the capture's state (first the current one, at the caller's next wait), its transfer's progress ({bytes_received, total_bytes, fraction}), its photo, or its PhotoError.
---@param event PhotoCaptureEvent
---@param fn function
---@return Handle
function PhotoCapture:on(event, fn) end

---cam.photo: the camera's standalone-photo feature (DAT 1.0 camera.photo). start() it with the stream stopped, capture{} (fire-and-forget: photos arrive on "data", failures on "error"), stop(); it starts again after a stop. Calling it, cam:photo{}, takes one photo and waits (Camera:photo).
---@class PhotoFeature
---@overload fun(camera: Camera, options?: {resolution?: PhotoResolution, quality?: PhotoQuality, format?: PhotoCaptureFormat}): Photo
---@field state "stopped"|"starting"|"started"|"stopping" DAT's PhotoState: stopped, starting, started, stopping.
---@field capturing boolean Whether a capture is in flight.
local PhotoFeature = {}

---DAT start(): waits until `started`; raises PhotoError (busy while the camera streams: stop the stream first).
function PhotoFeature:start() end

---DAT capturePhoto(resolution:quality:), fire-and-forget: the photo arrives on "data", its transfer on "progress", a failure on "error" (notReady before `started`, busy while a capture is in flight). format= is ours: DAT's takes none.
---@param options? {resolution?: PhotoResolution, quality?: PhotoQuality, format?: PhotoCaptureFormat}
function PhotoFeature:capture(options) end

---DAT stop(): waits until `stopped`; a capture in flight fails notReady.
function PhotoFeature:stop() end

---Listen to the feature's state (first the current one, at the caller's next wait), its photos (Photo), their transfer's progress ({bytes_received, total_bytes, fraction}) or its PhotoErrors.
---@param event PhotoEvent
---@param fn function
---@return Handle
function PhotoFeature:on(event, fn) end

---A recording of a camera stream to a fragmented MP4.
---@class VideoRecorder
---@field path string The file being written.
---@field state "recording"|"finished"|"interrupted"|"failed" Where the recording is.
---@field duration number Seconds recorded so far.
---@field frames integer Frames written so far.
---@field width integer The video's width: the stream's effective width when recording started.
---@field height integer The video's height (later frames of another size are scaled to it).
---@field fps integer The stream's effective frame rate when recording started.
---@field audio boolean Whether the file has an audio track (a stream with audio_rate=).
---@field error Error? Why the recording ended early.
local VideoRecorder = {}

---End the recording now; the file is complete when this returns.
function VideoRecorder:stop() end

---Wait for the recording to end; returns the file's path and the seconds recorded. Raises the error that ended it early (the stream's StreamError, or RecordingError); the file keeps what was recorded.
---@return string
---@return number
function VideoRecorder:wait() end

---A video frame with cheap luma statistics.
---@class Frame
---@field width integer Width in pixels.
---@field height integer Height in pixels.
---@field index integer Position in the stream, from 0.
---@field timestamp number Run time the frame was captured at.
local Frame = {}

---Mean brightness, 0..1.
---@return number
function Frame:luma() end

---Mean absolute luma difference to another frame, 0..1.
---@param other Frame
---@return number
function Frame:diff(other) end

---Edge energy; higher is sharper.
---@return number
function Frame:sharpness() end

---A frame that stays valid after the callback.
---@return Frame
function Frame:copy() end

---Write the frame as .png, .jpg or .ppm (by extension); returns the path written.
---@param path string
---@return string
function Frame:save(path) end

---QR codes and barcodes in the picture (libzbar, opened on first use); boxes in 0..1 from the top left. Renders and scans the full frame, once per frame.
---@return {type: string, text: string, box: {x: number, y: number, w: number, h: number}}[]
function Frame:codes() end

---Frontal faces of about 80 pixels or more (dlib's HOG detector, loaded on first use), best first; boxes in 0..1 from the top left, score 0 at the detector's threshold, above 1 a clear face. Renders and searches the full frame, once per frame.
---@return {box: {x: number, y: number, w: number, h: number}, score: number}[]
function Frame:faces() end

---The rectangle at (x, y) of size w x h, in 0..1 of the picture from the top left; at least one luma cell.
---@param x number
---@param y number
---@param w number
---@param h number
---@return FrameRegion
function Frame:region(x, y, w, h) end

---Mean luma of each cell of a cols x rows grid, as rows from the top (grid[row][col]); at most 36 x 64.
---@param cols integer
---@param rows integer
---@return number[][]
function Frame:grid(cols, rows) end

---A perceptual hash (dHash, 16 hex digits): near-identical pictures differ in a few bits whatever their exposure.
---@return string
function Frame:hash() end

---Bits that differ between the hashes (0..64) of this frame and another frame or a hash kept from one.
---@param other Frame|string
---@return integer
function Frame:hash_distance(other) end

---Part of a frame (frame:region), with the frame's luma statistics over that part.
---@class FrameRegion
---@field cells integer How many of the frame's 36x64 luma cells it covers.
local FrameRegion = {}

---Mean brightness of the region, 0..1.
---@return number
function FrameRegion:luma() end

---Mean absolute luma difference to the same region of another frame, 0..1.
---@param other FrameRegion
---@return number
function FrameRegion:diff(other) end

---Edge energy of the region; higher is sharper (0 under 3x3 cells).
---@return number
function FrameRegion:sharpness() end

---A captured photo.
---@class Photo
---@field format "jpeg"|"heic" The encoding.
---@field width integer Width in pixels.
---@field height integer Height in pixels.
---@field size integer Size of the encoded file in bytes.
---@field timestamp number Run time of the capture.
local Photo = {}

---Write the photo file; returns the path written.
---@param path string
---@return string
function Photo:save(path) end

---The encoded file bytes.
---@return string
function Photo:bytes() end

---The display of Meta Ray-Ban Display glasses: start it, show a component tree (tables with type=, children=, on_tap=), clear, play a video.
---@class Display
---@field state "starting"|"started"|"stopping"|"stopped" DAT's DisplayState.
---@field ids string[] The ids of the components shown (explicit id=, else the path: root, root.2, root.2.1), in tree order; empty when nothing is.
---@field playing boolean Whether a video is playing.
---@field error Error? The error that stopped the display, if any.
local Display = {}

---Start the display; waits until `started`, raises DisplayError.
function Display:start() end

---Stop the display (what it shows goes); waits until `stopped`. It can start again while its session runs.
function Display:stop() end

---Show a tree (DAT send): a root {type="flexbox"|"video", ...}; children in children={...}; on_tap=function(id) on buttons and flexboxes, each run as its own task. Every component's fields, defaults and limits: DisplayFlexbox, DisplayText, DisplayButton, DisplayButtonGroup, DisplayImage, DisplayIcon, DisplayVideo. Replaces the content and its callbacks; waits until shown. A shape DAT cannot express raises an argument error naming the component's path (root.2.1); a size past the limits DisplayError.displayError.
---@param tree DisplayComponent
function Display:show(tree) end

---Play an MP4 video from an http(s) URL on the whole display (a VideoPlayer root); waits until sent. Raises DisplayError.invalidVideoURL for another URL. Playback events arrive on "video".
---@param video {url: string, codec?: VideoPlayerCodec}
function Display:play(video) end

---Remove what is shown (DAT clearDisplay); the display stays started. Waits; raises DisplayError.
function Display:clear() end

---End a playing video early (DAT sendVideoStop); "video" listeners hear `stopped`.
function Display:stop_video() end

---Listen to the state (first the current one), taps (fn gets the component's id), video playback (fn gets {type="started"|"ended"|"stopped"|"error"|"unknown", error=VideoErrorType or nil}) or a video's failure ("error": fn gets the VideoError, code playbackFailed, reason the VideoErrorType, as DAT's VideoPlayer onError).
---@param event DisplayEvent
---@param fn function
---@return Handle
function Display:on(event, fn) end

---Simulated glasses: power, hinges, wear, battery, faults.
---@class MockGlasses
---@field id string The device identifier.
---@field model "unknown"|"rayBanMeta"|"oakleyMetaHSTN"|"oakleyMetaVanguard"|"metaRayBanDisplay"|"rayBanMetaOptics"|"metaGlasses" The model.
---@field device Device? The Device the app sees.
---@field powered boolean Whether powered on.
---@field stuck boolean Stuck after a too-quick session restart (each start then fails within a second); power-cycle to fix.
---@field camera MockCamera The simulated camera.
---@field microphone MockMicrophone The simulated microphone.
---@field input MockInput The input surfaces (DAT MockInputKit): nav, select, back, capture, button, drag.
---@field voice MockVoice Meta AI's voice invocations (DAT MockVoiceInvocationKit): launch, incomplete, answers.
---@field speech MockSpeech The recogniser (DAT MockSpeechKit): say, partial, fail, complete, set_locale.
---@field motion MockMotion The IMU (DAT MockMotionKit): feed(csv | {pose=}).
---@field display MockDisplay? The lens of Meta Ray-Ban Display glasses; nil on others.
local MockGlasses = {}

---Power on; the link connects if unfolded.
function MockGlasses:power_on() end

---Power off: disconnects and stops sessions.
function MockGlasses:power_off() end

---Close the hinges: disconnects and stops sessions (hingesClosed).
function MockGlasses:fold() end

---Open the hinges: reconnects, restarts nothing.
function MockGlasses:unfold() end

---Put the glasses on: a paused session resumes (one started while they were off pauses until a tap).
function MockGlasses:don() end

---Take them off: after 3 s the camera stops (hingesClosed) and the session pauses; it stops after 30 s.
function MockGlasses:doff() end

---A captouch tap: pauses an active stream, or resumes a paused one; the app hears the input.
function MockGlasses:tap() end

---Remove the glasses from the Meta AI app.
function MockGlasses:unpair() end

---Battery 0-100; low levels stop the camera and session.
---@param level integer
function MockGlasses:set_battery(level) end

---Put on or take off the charger.
---@param charging boolean
function MockGlasses:set_charging(charging) end

---Thermal level; severe and above stop things.
---@param level "unknown"|"none"|"light"|"moderate"|"severe"|"critical"|"emergency"|"shutdown"
function MockGlasses:set_thermal(level) end

---A Bluetooth drop for `seconds` (default 5).
---@param seconds? number
function MockGlasses:disconnect(seconds) end

---A captouch tap-and-hold: the assistant takes the camera (an active stream stops, no error); the app hears the input.
function MockGlasses:tap_and_hold() end

---The capture button: the glasses take their own photo (app captures get serviceUnavailable for 1 s); the app hears the input.
function MockGlasses:press_capture_button() end

---The Meta AI app's firmware update: 30 s off the link (sessions end), then compatible again.
function MockGlasses:update_firmware() end

---A power peak: the camera stops (peakPowerLimit); at battery <= 20 the session ends (peakPowerShutdown).
function MockGlasses:peak_power() end

---The Meta AI app's Developer Mode for these glasses (on by default; a firmware update turns it off). Off: sessions are refused (noEligibleDevice; an implicit stream waits in waitingForDevice) and permission requests fail (internalError).
---@param on boolean
function MockGlasses:set_developer_mode(on) end

---The DAT app on the glasses: current; updateRequired (session start: datAppOnTheGlassesUpdateRequired, fixed by wearables.open_glasses_app_update()); outOfStuRange (a dwaOutOfStuRange warning, the session goes on); unavailable (dwaUnavailable); sdkTooOld (insufficientSDKVersion, terminal).
---@param state "current"|"updateRequired"|"outOfStuRange"|"unavailable"|"sdkTooOld"
function MockGlasses:set_glasses_app(state) end

---A failure seen in the field: sessionEnded (the device ends a worn, connected session: unexpectedError, ios#301), startInternalError (the next stream start hangs 5 s, then internalError, ios#214), orphanedCamera (streaming without frames, then internalError on every start until a power cycle, ios#131), displaySleep (the lens sleeps now, as after 25 s idle), backGesture (the wearer's Back: unless the app's Inputs consume it, the session holding a started display ends, unexpectedError), warmReopen (android#177: every session start fails in 0.15 s, unexpectedError, until a registration in this run).
---@param kind "sessionEnded"|"startInternalError"|"orphanedCamera"|"displaySleep"|"backGesture"|"warmReopen"
function MockGlasses:field_fault(kind) end

---What the glasses need to work with this app; an update required refuses sessions (noEligibleDevice).
---@param value "undefined"|"compatible"|"deviceUpdateRequired"|"sdkUpdateRequired"
function MockGlasses:set_compatibility(value) end

---Link bandwidth; drives the camera's ladder.
---@param kbps number
function MockGlasses:set_bandwidth(kbps) end

---What the simulated camera sees and captures.
---@class MockCamera
local MockCamera = {}

---Camera feed: a video (.mp4, .mov, .mkv: H.264 or HEVC; .y4m) played in a loop, a PNG/JPEG still, or a synthetic pattern. A path is read in this process, so over --connect only a pattern works.
---@param source string|{pattern: FeedPattern}
function MockCamera:feed(source) end

---The image (PNG/JPEG) photo captures return; read in this process, so not over --connect.
---@param path string
function MockCamera:photo(path) end

---The next capture fails with this PhotoError (default captureFailure).
---@param code? "captureFailure"|"sessionSetupFailed"|"serviceUnavailable"
function MockCamera:fail_next_capture(code) end

---The camera pipeline fails now: a running stream stops with this StreamError (default internalError); the session lives on.
---@param code? "internalError"|"videoStreamingError"
function MockCamera:fail_stream(code) end

---What the simulated microphone hears.
---@class MockMicrophone
local MockMicrophone = {}

---Microphone feed: a sound file (looped), a tone in Hz, silence, noise, or speech=TEXT said by espeak-ng, again after each 1 s pause. A path is read in this process, so over --connect only a tone, silence, noise or speech works.
---@param source string|{tone?: number, silence?: boolean, noise?: boolean, speech?: string}
function MockMicrophone:feed(source) end

---The glasses' input surfaces (MockInputKit): each call is one DAT Inputs event, delivered 20 ms later if the app's Inputs asked for its source.
---@class MockInput
local MockInput = {}

---A nav up from `source` (default captouch; MockInputKit navUp).
---@param source? InputSource (default "captouch")
function MockInput:nav_up(source) end

---A nav down from `source` (default captouch; MockInputKit navDown).
---@param source? InputSource (default "captouch")
function MockInput:nav_down(source) end

---A nav left from `source` (default captouch; MockInputKit navLeft).
---@param source? InputSource (default "captouch")
function MockInput:nav_left(source) end

---A nav right from `source` (default captouch; MockInputKit navRight).
---@param source? InputSource (default "captouch")
function MockInput:nav_right(source) end

---A nav event in `direction` from `source` (default captouch).
---@param direction NavDirection
---@param source? InputSource (default "captouch")
function MockInput:nav(direction, source) end

---A select (tap) from `source` (default captouch).
---@param source? InputSource (default "captouch")
function MockInput:select(source) end

---A back (swipe) from `source` (default captouch); left to the glasses when the app's Inputs has consume_back=false.
---@param source? InputSource (default "captouch")
function MockInput:back(source) end

---A capture button press (shortPress, hold or doublePress; always source captureButton).
---@param press_type? CapturePressType (default "shortPress")
function MockInput:capture(press_type) end

---A press of the action button (source actionButton).
---@param type? ButtonType (default "action")
function MockInput:button(type) end

---A Neural Band drag step (down, move, up) at x, y moved by dx, dy (default 0; source neuralBandDrag).
---@param action DragAction
---@param x? number
---@param y? number
---@param dx? number
---@param dy? number
function MockInput:drag(action, x, y, dx, dy) end

---The glasses' Inputs channel fails with this InputsError: the app's Inputs reports it and its events end (ours).
---@param code InputsError
function MockInput:fail(code) end

---Meta AI on the glasses (MockVoiceInvocationKit): "Hey Meta, open the app" and the app's recorded answers.
---@class MockVoice
---@field has_clients boolean Whether the app has a started voice stream on these glasses (hasConnectedClients).
local MockVoice = {}

---The wearer asks Meta AI to open the app (sendLaunchAppAction): the app's started stream gets a LaunchApp 0.1 s later. Returns the request id, or nil when no stream listens on these glasses (or the link is down).
---@return string?
function MockVoice:launch() end

---A malformed action (sendIncompleteAction): the app's stream gets VoiceInvocationError.invalidActionMessageProto (ours: DAT does not say which case), not an invocation. The request id, or nil with no listener.
---@return string?
function MockVoice:incomplete() end

---How the app answered request `id` (ours, for tests): pending, success, failure, timeout (Meta AI waited 10 s) or none (an incomplete one); and the answer's output.
---@param id string
---@return "pending"|"success"|"failure"|"timeout"|"none"
---@return string?
function MockVoice:answer(id) end

---The glasses' IMU (MockMotionKit): a pose, or a CSV recording replayed by its timestamps, looping.
---@class MockMotion
---@field pose MotionPose? The feed's pose; nil while a recording plays.
---@field streaming boolean MockMotionKit isStreaming: whether an app's Motion on these glasses is started (on a started session).
local MockMotion = {}

---The IMU's feed: a CSV in DAT's columns (timestampNs, accelX..Z, gyroX..Z, magX..Z, orientationW, orientationX..Z; ns, m/s², rad/s, µT) read in this process, or {pose = level|lookingUp|lookingDown|tiltedLeft|tiltedRight|nodding}. Over --connect only a pose crosses.
---@param source string|{pose: MotionPose}
function MockMotion:feed(source) end

---The glasses' recogniser (MockSpeechKit): injected transcriptions, errors, completion, locale, and the live source (set_source("liveDeviceAsr"): PocketSphinx transcribes glasses.microphone). Delivered only while the app listens.
---@class MockSpeech
---@field listening boolean Whether the app's Speech listens (isListening).
---@field source "injected"|"liveDeviceAsr" The transcription source: injected or liveDeviceAsr.
---@field live_diagnostic string? Why the live source stopped transcribing (liveSourceDiagnostic), or nil.
local MockSpeech = {}

---A transcription (simulateTranscription; defaults final=true, confidence=0.95 as the test client; -1: none), 20 ms later.
---@param text string
---@param options? {final?: boolean, confidence?: number}
function MockSpeech:say(text, options) end

---A partial (not final) transcription, confidence -1.
---@param text string
function MockSpeech:partial(text) end

---A recogniser error (simulateError, Android SpeechRecognizer codes): 5 and 9 -> startFailed, 8 -> alreadyListening, 12 and 13 (language not supported, unavailable) -> unavailable, others -> unexpectedError (ours); listening ends.
---@param code integer
---@param message? string
function MockSpeech:fail(code, message) end

---The utterance ends (simulateCompletion): listening stops (assumed).
function MockSpeech:complete() end

---The recogniser's locale (default en_US), announced at the next start.
---@param locale string
function MockSpeech:set_locale(locale) end

---What the recogniser transcribes (setTranscriptionSource): injected (default) or liveDeviceAsr, PocketSphinx (en-us) hearing glasses.microphone's feed. Ignored while the app listens (DAT: only allowed while not isListening): returns whether it took effect. Raises a mock error naming the Debian package when the recogniser is missing.
---@param source TranscriptionSource
---@return boolean
function MockSpeech:set_source(source) end

---The lens of simulated Meta Ray-Ban Display glasses (MockDisplayKit): what it shows, clicks, video endings, snapshots.
---@class MockDisplay
---@field on boolean Whether an app's display is started on the glasses.
---@field focus string? The id that has focus: the first button with action_role="primary" of the content shown (DAT 1.0: the first primary action takes focus when content first renders); nil when none is shown.
---@field lens "awake"|"dimmed"|"asleep" How lit the lens is: awake, or dimmed (20 s) and asleep (25 s) without interaction under the displaySleep field report.
---@field ids string[] The ids of the components shown, in tree order; empty when nothing is.
---@field clickable string[] The ids a click reaches: buttons and flexboxes with on_tap.
---@field texts string[] The texts and button labels shown, in tree order.
---@field video_url string? The URL of the video shown, if the root is a video.
---@field playing boolean Whether the shown video is playing.
local MockDisplay = {}

---MockDisplayKit sendClick: click the shown button (or flexbox with on_tap) of this id (explicit id=, or its path root.2.1); its on_tap runs. False when no started display shows a clickable component of that id, or the session is paused.
---@param id string
---@return boolean
function MockDisplay:click(id) end

---End the playing video: ended, stopped, or error (with a VideoErrorType, default playbackFailed); "video" listeners hear it.
---@param how MockVideoEnd
---@param error? VideoErrorType
function MockDisplay:video(how, error) end

---Whether a standalone-photo transfer takes the display down (reported from the field for DAT 1.0; off by default).
---@param on boolean
function MockDisplay:set_photo_transfer_interrupts(on) end

---The pixel size of the videos the glasses fetch (the simulator opens no URL). Under the videoPlayerSize field report a video over 400 px a side or 70,000 px in total fails to play (playbackFailed); unset, none is refused.
---@param width integer
---@param height integer
function MockDisplay:set_video_size(width, height) end

---Write what the lens shows as a 600x600 PNG (black when nothing is); returns the path written. Text in DejaVu Sans through FreeType. The trace records the picture's SHA-256, a reference for later runs.
---@param path string
---@return string
function MockDisplay:snapshot(path) end

---A recording to a 16 kHz 16-bit mono WAV file.
---@class Recorder
---@field path string The WAV file being written.
---@field state "recording"|"finished"|"interrupted"|"failed" Where the recording is.
---@field level number RMS level of the latest 20 ms, 0..1 (0 once ended).
---@field duration number Seconds recorded so far.
---@field error Error? Why the recording ended early.
local Recorder = {}

---End the recording now; the file is complete.
function Recorder:stop() end

---Wait for the recording to end; returns the file's path. Raises AudioError if it ended early (the file keeps what was captured).
---@return string
function Recorder:wait() end

---Playback of a sound file to the current output.
---@class Player
---@field path string The file playing.
---@field state "playing"|"paused"|"finished"|"stopped"|"failed" Where playback is.
---@field progress number Fraction played, 0..1.
---@field duration number Length of the file in seconds.
---@field level number RMS level of the latest 20 ms, 0..1.
---@field output string? The output port playing (e.g. bluetoothA2DP).
---@field error Error? Why playback failed.
local Player = {}

---Pause; resume() continues from here.
function Player:pause() end

---Continue a paused player; raises AudioError.cannotStartPlaying if the session is not active.
function Player:resume() end

---Stop playback for good.
function Player:stop() end

---Wait for playback to end; raises AudioError.truncatedFile if the file breaks off.
---@return "finished"|"stopped"
function Player:wait() end

---What a recipe's start(ctx, params) and stop(ctx) get: its name, folders, log and lifetime.
---@class RecipeContext
---@field name string The recipe's name.
---@field output string The run's output folder (--out).
---@field resources string The recipe's own folder.
---@field log {debug: fun(format: string, ...: any), info: fun(format: string, ...: any), warn: fun(format: string, ...: any), error: fun(format: string, ...: any)} log.* with the recipe's name in front.
local RecipeContext = {}

---Keep a handle, timer, task, camera or session (or a cleanup function) until the recipe stops; returns it.
---@param handle any
---@return any
function RecipeContext:hold(handle) end

---Offer `value` to scripts as `handle[name]` (nil withdraws it).
---@param name string
---@param value any
function RecipeContext:expose(name, value) end

---End the recipe for good: status "gave_up", what it holds released, and an error raised in the calling task.
---@param format string
---@param ... any
function RecipeContext:give_up(format, ...) end

---A running recipe; also holds what it exposes (ctx:expose).
---@class RecipeHandle
---@field name string The recipe's name.
---@field status "starting"|"running"|"failed"|"gave_up"|"stopped" "gave_up" once it gives up (ctx:give_up).
local RecipeHandle = {}

---Stop the recipe: its stop(ctx) runs, then what it holds is released.
function RecipeHandle:stop() end
