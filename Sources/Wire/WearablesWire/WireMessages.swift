#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import WearablesDisplayModel
import WearablesMock
import WearablesModel

/// What a client asks of a served world. Every command carries an id that its
/// reply repeats; a command whose completion never comes (a companion app that
/// never answers) never gets a reply, and the client's model times it out.
public enum WireCommand: Sendable, Equatable {
    case register
    case unregister
    case requestPermission(Permission)
    /// The Meta AI app's firmware update screen (DAT `openFirmwareUpdate()`); the reply says it opened.
    case openFirmwareUpdate
    /// The Meta AI app's DAT app update destination (DAT `openDATGlassesAppUpdate()`).
    case openGlassesAppUpdate
    case openSession(device: String)
    case closeSession(device: String)
    /// The glasses set their camera up for a stream (its `starting`); the reply comes when
    /// it may stream (`done`), or is the `StreamError` that keeps it from streaming.
    case prepareCamera(device: String)
    /// Pictures at `settings` until `stopCamera`; the reply names the stream its frames carry.
    case startCamera(device: String, settings: EffectiveStreamSettings)
    case stopCamera(stream: Int)
    /// A still; the photo comes back as a binary message carrying this command's id.
    /// `quality` is the encoder's, 1-100; a client that does not send one gets the default.
    /// `audioOverHFP`: the client's phone routes audio over HFP to these glasses, which a
    /// served simulator needs to know for the photo loss users report then (ios#260).
    case capture(device: String, format: PhotoCaptureFormat, size: VideoSize, quality: Int = ImageCodecs.defaultQuality,
                 audioOverHFP: Bool = false)
    /// A change to a simulated world's mock; only a world whose hello says "simulator" takes it.
    case mock(MockAction)
    /// The display of the device's session (DAT `Display`): `start()`, `send(_:)`, `clearDisplay()`,
    /// `sendVideoStop()`, `stop()`.
    case displayStart(device: String)
    case displaySend(device: String, tree: WireComponent)
    case displayClear(device: String)
    case displayStopVideo(device: String)
    case displayStop(device: String)
    /// A line of Lua for the client's console: the REPL engine of `glasses repl`, run
    /// in the served world (`glasses serve` only; another server refuses it).
    case console(code: String)
    /// Completion candidates for `word`, the identifier path before the console's cursor.
    case complete(word: String)
    /// Whether this client also gets the frames of every other client's streams (a
    /// dashboard's preview), each stream at most `WireProtocol.previewFrameRate` frames/s.
    case watchPreviews(Bool)
    /// The phone's audio route as it is now (changes come as `audio_route` events).
    case audioRoute
    /// The app started (`true`) or stopped its `VoiceInvocationsStream` on `device` (DAT `start(deviceIdentifier:)`/`stop()`).
    case voiceListen(device: String, Bool)
    /// The app's one answer to a `LaunchApp` (DAT `ResponseHandle.sendSuccess`/`sendFailure`); the reply says whether Meta AI took it.
    case voiceAnswer(device: String, request: String, success: Bool, output: String?)
    /// The app's Speech started (`true`) or stopped listening on `device` (DAT `Speech.start()`/`stop()`).
    case speechListen(device: String, Bool)
    /// Stream the IMU of `device` to this client at `rate` (DAT `addMotion(configuration:)`, `Motion.start()`)
    /// as `motion_samples` events; nil: stop (`Motion.stop()`, `removeMotion()` once nobody watches).
    case watchMotion(device: String, rate: MotionSamplingRate?)
    /// The app added Inputs on its started session on `device` with `configuration` (DAT
    /// `addInputs(configuration:)`), or removed them (nil, DAT `removeInputs()`). A bridge adds
    /// DAT's Inputs only then, routing only those sources (and Back only if consumed) to the app;
    /// `glasses serve` takes it and changes nothing (each client's model keeps what it asked for).
    case watchInputs(device: String, configuration: InputsConfiguration?)
}

/// A client's text message.
public enum ClientMessage: Sendable, Equatable {
    case hello(protocolVersion: Int, client: String)
    case command(id: Int, WireCommand)
}

/// What a served world reports about itself when a client connects.
public struct ServerHello: Sendable, Equatable {
    public var protocolVersion: Int
    public var server: String
    /// "simulator" when the world is simulated (its mock controls are served), else what it is.
    public var world: String
    /// Run seconds per wall second: clients run their clocks at the same pace.
    public var speed: Double
    public var time: Double
    public var registration: RegistrationState
    public var permissions: [Permission: PermissionStatus]
    public var devices: [DeviceSnapshot]
    public var bandwidth: [String: Double]
    /// A simulator's glasses as its mock knows them, in pairing order (empty elsewhere).
    public var mock: [WireMockGlasses]
    /// What each client holds on each device, devices nobody holds anything on left out.
    public var held: [WireDeviceHolders]
    /// The number this server gave the client it greets, as ``WireHolder/client`` names it (nil: not told).
    public var clientID: Int?

    public init(protocolVersion: Int = WireProtocol.version, server: String, world: String, speed: Double, time: Double,
                registration: RegistrationState, permissions: [Permission: PermissionStatus], devices: [DeviceSnapshot],
                bandwidth: [String: Double], mock: [WireMockGlasses] = [], held: [WireDeviceHolders] = [], clientID: Int? = nil) {
        self.protocolVersion = protocolVersion
        self.server = server
        self.world = world
        self.speed = speed
        self.time = time
        self.registration = registration
        self.permissions = permissions
        self.devices = devices
        self.bandwidth = bandwidth
        self.mock = mock
        self.held = held
        self.clientID = clientID
    }
}

/// What a command's reply carries on success.
public enum WireReplyValue: Sendable, Equatable {
    case done
    case permission(PermissionStatus)
    case stream(Int)
    /// A mock action's glasses, as they are after it.
    case mockGlasses(WireMockGlasses)
    /// What a console line printed: its values on `output`, an error with its traceback on
    /// `errorOutput` (either may be empty; a statement prints nothing).
    case console(output: String, errorOutput: String)
    /// A `complete` command's candidates, sorted, each replacing the word.
    case completions([String])
    /// An `audio_route` command's answer.
    case audioRoute(WireAudioRoute)
    /// A `voice_answer` command's answer: whether Meta AI took it.
    case taken(Bool)
}

/// Something that happened in the served world, sent to every client.
public enum WireEvent: Sendable, Equatable {
    case registration(RegistrationState)
    case device(DeviceSnapshot)
    case deviceRemoved(String)
    case permission(Permission, PermissionStatus)
    case bandwidth(device: String, kbps: Double)
    case session(device: String, SessionInterruption)
    /// The wearer's input on the glasses (tap, tap-and-hold, capture button).
    case input(device: String, DeviceInput)
    /// The glasses reported on a capability of their session (`input_event`, `inputs_error`).
    case capability(device: String, CapabilityReport)
    /// What the glasses report to a started display: a tap, a video event, or that they took it down.
    case display(device: String, DisplayBackendEvent)
    /// Frames the server dropped for this client because it read too slowly.
    case framesDropped(stream: Int, total: Int)
    /// The glasses pause the phone's A2DP playback to them when one of this client's streams
    /// starts on them, and never resume it (ios#256; `mock.set_a2dp_pauses_on_stream`):
    /// the client, which is the phone, interrupts its audio session if it plays to them.
    case a2dpPausedByStream(device: String)
    /// The glasses have set up the capture the `capture` command `id` asked for (DAT's
    /// `PhotoState.started`; to its client only). A capture they refuse never gets one.
    case captureStarted(id: Int)
    /// A step of the transfer of the photo the `capture` command `id` asked for (to its client only).
    case captureProgress(id: Int, PhotoTransferProgress)
    /// A simulator's glasses changed as only the mock sees them (or were paired); sent after
    /// every mock action, whoever made it (a client, an HTTP control route), and after device changes.
    case mockGlasses(WireMockGlasses)
    /// The phone's audio route changed, or an interruption (a phone call) began or ended.
    case audioRoute(WireAudioRoute)
    /// A console, or a recipe it started, finished writing a file under the server's output folder.
    case fileSaved(WireSavedFile)
    /// What the clients hold on `device` changed (sessions, streams, display, capabilities); empty: nothing.
    case holders(device: String, [WireHolder])
    /// The IMU samples of `device` since the last such event, oldest first (to its watchers only).
    case motionSamples(device: String, [MotionSample])
    /// The glasses' Motion failed (DAT `Motion.errorPublisher`): the watch is over (to its watchers only).
    case motionError(device: String, MotionError)
}

/// A server's text message.
public enum ServerMessage: Sendable, Equatable {
    case hello(ServerHello)
    case reply(id: Int, Result<WireReplyValue, WireError>)
    case event(WireEvent)
    /// The client's message was refused (malformed, oversized, wrong version); the connection goes on
    /// unless the error says otherwise.
    case error(WireError)
}
