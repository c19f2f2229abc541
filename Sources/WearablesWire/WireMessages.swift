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

// MARK: Coding

/// Decoding failures name what was wrong, for the `error` message sent back.
public struct WireDecodingError: Error, CustomStringConvertible {
    public let description: String
    init(_ description: String) { self.description = description }
}

extension ClientMessage {
    public func encoded() -> Data { Envelope(self).json() }

    public static func decode(_ data: Data) throws(WireDecodingError) -> ClientMessage {
        let envelope = try Envelope.parse(data)
        if envelope.type == "hello" {
            return .hello(protocolVersion: try envelope.require(envelope.protocolVersion, "protocol"), client: envelope.client ?? "")
        }
        let id = try envelope.require(envelope.id, "id")
        guard envelope.type == "mock" else { return .command(id: id, try envelope.command()) }
        // A mock command's fields are the HTTP control body's, at the top level beside `type`.
        let fields: MockActionFields
        do { fields = try JSONDecoder().decode(MockActionFields.self, from: data) } catch {
            throw WireDecodingError("'mock' has a mistyped field: \(Envelope.summary(of: error))")
        }
        let name = try envelope.require(envelope.action, "action")
        do { return .command(id: id, .mock(try fields.action(name))) } catch {
            throw WireDecodingError(error.message)
        }
    }
}

extension ServerMessage {
    public func encoded() -> Data { Envelope(self).json() }

    public static func decode(_ data: Data) throws(WireDecodingError) -> ServerMessage {
        try Envelope.parse(data).serverMessage()
    }
}

/// The flat JSON object every text message is; the typed enums above are built
/// from it and into it, so the JSON shape is written down in one place.
struct Envelope: Codable {
    var type: String
    var id: Int?
    var protocolVersion: Int?
    var client: String?
    var server: String?
    var world: String?
    var speed: Double?
    var time: Double?
    var ok: Bool?
    var error: WireError?
    var streamError: WireError?
    var permission: String?
    var status: String?
    var permissions: [String: String]?
    var registration: String?
    var state: String?
    var device: String?
    var deviceInfo: WireDevice?
    var devices: [WireDevice]?
    var bandwidth: [String: Double]?
    var kbps: Double?
    var event: String?
    var resolution: String?
    var fps: Int?
    var stream: Int?
    var total: Int?
    var bytes: Int?
    var format: String?
    var width: Int?
    var height: Int?
    var quality: Int?
    var audioOverHFP: Bool?
    var action: String?
    var glasses: WireMockGlasses?
    var mock: [WireMockGlasses]?
    /// `holders` events: one device's; the hello: every device's, and the greeted client's number.
    var holders: [WireHolder]?
    var held: [WireDeviceHolders]?
    var clientID: Int?
    var code: String?
    var word: String?
    var output: String?
    var errorOutput: String?
    var completions: [String]?
    var watch: Bool?
    var audio: WireAudioRoute?
    var file: WireSavedFile?
    var input: WireInputEvent?
    var listening: Bool?
    var request: String?
    var success: Bool?
    var actionOutput: String?
    var taken: Bool?
    var text: String?
    var isFinal: Bool?
    var confidence: Float?
    var locale: String?
    /// `display_send`: the tree; `display` events: the tapped `component`, the video's `playback` and `reason`.
    var tree: WireComponent?
    var component: String?
    var playback: String?
    var reason: String?
    /// `watch_motion`: the sampling rate; `motion_samples`: the samples.
    var rate: String?
    var samples: [WireMotionSample]?
    /// `watch_inputs`: the configuration's sources and whether Back is the app's.
    var sources: [String]?
    var consumeBack: Bool?
    /// A mock command's fields, written at the top level beside the envelope's own.
    var mockFields: MockActionFields? = nil

    enum CodingKeys: String, CodingKey {
        case type, id, client, server, world, speed, time, ok, error, permission, status, permissions, registration,
            state, device, devices, bandwidth, kbps, event, resolution, fps, stream, total, bytes, format, width, height, quality,
            action, glasses, mock, holders, held, code, word, output, completions, watch, audio, file, input, listening, request, success, taken
        case actionOutput = "action_output"
        case text, confidence, locale
        case isFinal = "final"
        case tree, component, playback, reason, rate, samples, sources
        case consumeBack = "consume_back"
        case protocolVersion = "protocol"
        case streamError = "stream_error"
        case deviceInfo = "info"
        case errorOutput = "error_output"
        case audioOverHFP = "audio_over_hfp"
        case clientID = "client_id"
    }

    init(type: String) { self.type = type }

    func json() -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        // Every field is a plain value: encoding cannot fail.
        let own = (try? encoder.encode(self)) ?? Data()
        guard let mockFields, let fields = try? encoder.encode(mockFields), fields.count > 2 else { return own }
        // Both are objects with disjoint keys (a mock envelope sets only type, id and action): join them.
        return own.dropLast() + Data(",".utf8) + fields.dropFirst()
    }

    static func parse(_ data: Data) throws(WireDecodingError) -> Envelope {
        do {
            return try JSONDecoder().decode(Envelope.self, from: data)
        } catch {
            throw WireDecodingError("not a protocol message (a JSON object with a string 'type' and typed fields): \(Self.summary(of: error))")
        }
    }

    static func summary(of error: Error) -> String {
        switch error {
        case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context),
             DecodingError.keyNotFound(_, let context), DecodingError.dataCorrupted(let context):
            let path = context.codingPath.map(\.stringValue).joined(separator: ".")
            return path.isEmpty ? context.debugDescription : "field '\(path)': \(context.debugDescription)"
        default:
            return "\(error)"
        }
    }

    func require<T>(_ value: T?, _ field: String) throws(WireDecodingError) -> T {
        guard let value else { throw WireDecodingError("'\(type)' needs the field '\(field)'") }
        return value
    }

    func named<T: NamedCase>(_ value: String?, _ field: String, as _: T.Type) throws(WireDecodingError) -> T {
        let name = try require(value, field)
        guard let parsed = T(name: name) else {
            throw WireDecodingError("field '\(field)': '\(name)' is not one of \(T.allCases.map(\.name).joined(separator: ", "))")
        }
        return parsed
    }

    // MARK: Client side

    init(_ message: ClientMessage) {
        switch message {
        case .hello(let version, let client):
            self.init(type: "hello")
            protocolVersion = version
            self.client = client
        case .command(let id, let command):
            self.init(command)
            self.id = id
        }
    }

    init(_ command: WireCommand) {
        switch command {
        case .register: self.init(type: "register")
        case .unregister: self.init(type: "unregister")
        case .requestPermission(let permission):
            self.init(type: "request_permission")
            self.permission = permission.name
        case .openFirmwareUpdate: self.init(type: "open_firmware_update")
        case .openGlassesAppUpdate: self.init(type: "open_glasses_app_update")
        case .openSession(let device):
            self.init(type: "open_session")
            self.device = device
        case .prepareCamera(let device):
            self.init(type: "prepare_camera")
            self.device = device
        case .closeSession(let device):
            self.init(type: "close_session")
            self.device = device
        case .startCamera(let device, let settings):
            self.init(type: "start_camera")
            self.device = device
            resolution = settings.resolution.name
            fps = settings.frameRate
        case .stopCamera(let stream):
            self.init(type: "stop_camera")
            self.stream = stream
        case .capture(let device, let format, let size, let quality, let audioOverHFP):
            self.init(type: "capture")
            self.device = device
            self.format = format.name
            width = size.width
            height = size.height
            self.quality = quality
            // Said only when true, so the message stays as it was for the common case.
            if audioOverHFP { self.audioOverHFP = true }
        case .mock(let action):
            self.init(type: "mock")
            self.action = action.name
            mockFields = MockActionFields(action)
        case .console(let code):
            self.init(type: "console")
            self.code = code
        case .complete(let word):
            self.init(type: "complete")
            self.word = word
        case .watchPreviews(let watch):
            self.init(type: "watch_previews")
            self.watch = watch
        case .displayStart(let device):
            self.init(type: "display_start")
            self.device = device
        case .displaySend(let device, let tree):
            self.init(type: "display_send")
            self.device = device
            self.tree = tree
        case .displayClear(let device):
            self.init(type: "display_clear")
            self.device = device
        case .displayStopVideo(let device):
            self.init(type: "display_stop_video")
            self.device = device
        case .displayStop(let device):
            self.init(type: "display_stop")
            self.device = device
        case .audioRoute:
            self.init(type: "audio_route")
        case .voiceListen(let device, let listening):
            self.init(type: "voice_listen")
            self.device = device
            self.listening = listening
        case .speechListen(let device, let listening):
            self.init(type: "speech_listen")
            self.device = device
            self.listening = listening
        case .watchMotion(let device, let rate):
            self.init(type: "watch_motion")
            self.device = device
            watch = rate != nil
            self.rate = rate?.name
        case .watchInputs(let device, let configuration):
            self.init(type: "watch_inputs")
            self.device = device
            watch = configuration != nil
            // In DAT's declaration order, so a configuration has one spelling.
            sources = configuration.map { configuration in InputSource.allCases.filter(configuration.sources.contains).map(\.name) }
            consumeBack = configuration?.consumeBack
        case .voiceAnswer(let device, let request, let success, let output):
            self.init(type: "voice_answer")
            self.device = device
            self.request = request
            self.success = success
            actionOutput = output
        }
    }

    func command() throws(WireDecodingError) -> WireCommand {
        switch type {
        case "register": return .register
        case "unregister": return .unregister
        case "request_permission": return .requestPermission(try named(permission, "permission", as: Permission.self))
        case "open_firmware_update": return .openFirmwareUpdate
        case "open_glasses_app_update": return .openGlassesAppUpdate
        case "open_session": return .openSession(device: try require(device, "device"))
        case "close_session": return .closeSession(device: try require(device, "device"))
        case "prepare_camera": return .prepareCamera(device: try require(device, "device"))
        case "start_camera":
            let rate = try require(fps, "fps")
            guard StreamConfiguration.validFrameRates.contains(rate) else {
                throw WireDecodingError("field 'fps': \(rate) is not one of \(StreamConfiguration.validFrameRates.map(String.init).joined(separator: ", "))")
            }
            return .startCamera(device: try require(device, "device"), settings: EffectiveStreamSettings(
                resolution: try named(resolution, "resolution", as: StreamingResolution.self), frameRate: rate))
        case "stop_camera": return .stopCamera(stream: try require(stream, "stream"))
        case "capture":
            let size = VideoSize(width: try require(width, "width"), height: try require(height, "height"))
            guard (1...8192).contains(size.width), (1...8192).contains(size.height) else {
                throw WireDecodingError("fields 'width' and 'height' must be 1...8192, got \(size)")
            }
            let quality = quality ?? ImageCodecs.defaultQuality
            guard (1...100).contains(quality) else { throw WireDecodingError("field 'quality' must be 1...100, got \(quality)") }
            return .capture(device: try require(device, "device"), format: try named(format, "format", as: PhotoCaptureFormat.self),
                            size: size, quality: quality, audioOverHFP: audioOverHFP ?? false)
        case "console": return .console(code: try require(code, "code"))
        case "complete": return .complete(word: try require(word, "word"))
        case "watch_previews": return .watchPreviews(try require(watch, "watch"))
        case "audio_route": return .audioRoute
        case "voice_listen": return .voiceListen(device: try require(device, "device"), try require(listening, "listening"))
        case "speech_listen": return .speechListen(device: try require(device, "device"), try require(listening, "listening"))
        case "watch_motion":
            let device = try require(device, "device")
            guard watch ?? true else { return .watchMotion(device: device, rate: nil) }
            return .watchMotion(device: device, rate: try named(rate, "rate", as: MotionSamplingRate.self))
        case "watch_inputs":
            let device = try require(device, "device")
            guard watch ?? true else { return .watchInputs(device: device, configuration: nil) }
            // DAT's defaults for what is not said: every real source, Back consumed.
            var chosen = InputSource.defaultSources
            if let sources {
                chosen = []
                for source in sources { chosen.insert(try named(source, "sources", as: InputSource.self)) }
            }
            return .watchInputs(device: device, configuration: InputsConfiguration(sources: chosen, consumeBack: consumeBack ?? true))
        case "voice_answer":
            return .voiceAnswer(device: try require(device, "device"), request: try require(request, "request"),
                                success: try require(success, "success"), output: actionOutput)
        case "display_start": return .displayStart(device: try require(device, "device"))
        case "display_send": return .displaySend(device: try require(device, "device"), tree: try require(tree, "tree"))
        case "display_clear": return .displayClear(device: try require(device, "device"))
        case "display_stop_video": return .displayStopVideo(device: try require(device, "device"))
        case "display_stop": return .displayStop(device: try require(device, "device"))
        default:
            throw WireDecodingError("unknown message type '\(type)' (commands: hello, register, unregister, request_permission, "
                + "open_firmware_update, open_glasses_app_update, open_session, close_session, prepare_camera, start_camera, stop_camera, capture, mock, console, complete, watch_previews, audio_route, "
                + "voice_listen, voice_answer, speech_listen, watch_motion, watch_inputs, display_start, display_send, display_clear, display_stop_video, display_stop)")
        }
    }

    // MARK: Server side

    init(_ message: ServerMessage) {
        switch message {
        case .hello(let hello):
            self.init(type: "hello")
            protocolVersion = hello.protocolVersion
            server = hello.server
            world = hello.world
            speed = hello.speed
            time = hello.time
            registration = hello.registration.name
            permissions = Dictionary(uniqueKeysWithValues: hello.permissions.map { ($0.key.name, $0.value.name) })
            devices = hello.devices.map(WireDevice.init)
            bandwidth = hello.bandwidth
            mock = hello.mock.isEmpty ? nil : hello.mock
            held = hello.held.isEmpty ? nil : hello.held
            clientID = hello.clientID
        case .reply(let id, let result):
            self.init(type: "reply")
            self.id = id
            switch result {
            case .success(let value):
                ok = true
                switch value {
                case .done: break
                case .permission(let status): self.status = status.name
                case .stream(let stream): self.stream = stream
                case .mockGlasses(let state): glasses = state
                case .console(let output, let errorOutput):
                    self.output = output
                    self.errorOutput = errorOutput
                case .completions(let candidates): completions = candidates
                case .audioRoute(let route): audio = route
                case .taken(let taken): self.taken = taken
                }
            case .failure(let error):
                ok = false
                self.error = error
            }
        case .event(let event):
            self.init(event)
        case .error(let error):
            self.init(type: "error")
            self.error = error
        }
    }

    init(_ event: WireEvent) {
        switch event {
        case .registration(let state):
            self.init(type: "registration")
            self.state = state.name
        case .device(let snapshot):
            self.init(type: "device")
            device = snapshot.identifier
            deviceInfo = WireDevice(snapshot)
        case .deviceRemoved(let identifier):
            self.init(type: "device_removed")
            device = identifier
        case .permission(let permission, let status):
            self.init(type: "permission")
            self.permission = permission.name
            self.status = status.name
        case .bandwidth(let identifier, let kbps):
            self.init(type: "bandwidth")
            device = identifier
            self.kbps = kbps
        case .session(let identifier, let interruption):
            self.init(type: "session")
            device = identifier
            switch interruption {
            case .paused: self.event = "paused"
            case .resumed: self.event = "resumed"
            case .streamEnded(let streamError):
                self.event = "stream_ended"
                self.streamError = streamError.map(WireError.init)
            case .ended(let sessionError, let streamError):
                self.event = "ended"
                error = sessionError.map(WireError.init)
                self.streamError = streamError.map(WireError.init)
            case .warning(let sessionError):
                self.event = "warning"
                error = WireError(sessionError)
            }
        case .input(let identifier, let input):
            self.init(type: "input")
            device = identifier
            self.event = input.name
        case .capability(let identifier, let report):
            switch report {
            case .input(let event):
                self.init(type: "input_event")
                input = WireInputEvent(event)
            case .inputsFailed(let error):
                self.init(type: "inputs_error")
                code = error.code
            case .voiceInvocation(let requestID):
                self.init(type: "voice_invocation")
                request = requestID
            case .voiceError(let error):
                self.init(type: "voice_error")
                code = error.code
            case .transcription(let result):
                self.init(type: "transcription")
                text = result.text
                isFinal = result.isFinal
                confidence = result.confidence
            case .speechFailed(let error):
                self.init(type: "speech_error")
                code = error.code
            case .speechComplete:
                self.init(type: "speech_complete")
            case .speechLocale(let locale):
                self.init(type: "speech_locale")
                self.locale = locale
            }
            device = identifier
        case .display(let identifier, let displayEvent):
            self.init(type: "display")
            device = identifier
            switch displayEvent {
            case .tap(let id):
                self.event = "tap"
                component = id
            case .playback(let playback):
                self.event = "video"
                self.playback = playback.type.name
                reason = playback.errorType?.name
            case .stopped:
                self.event = "stopped"
            }
        case .a2dpPausedByStream(let device):
            self.init(type: "a2dp_paused_by_stream")
            self.device = device
        case .framesDropped(let stream, let total):
            self.init(type: "frames_dropped")
            self.stream = stream
            self.total = total
        case .captureStarted(let id):
            self.init(type: "capture_started")
            self.id = id
        case .captureProgress(let id, let progress):
            self.init(type: "capture_progress")
            self.id = id
            bytes = progress.bytesReceived
            total = progress.totalBytes
        case .mockGlasses(let state):
            self.init(type: "mock_glasses")
            glasses = state
        case .audioRoute(let route):
            self.init(type: "audio_route")
            audio = route
        case .fileSaved(let saved):
            self.init(type: "file_saved")
            file = saved
        case .holders(let device, let holders):
            self.init(type: "holders")
            self.device = device
            self.holders = holders
        case .motionSamples(let device, let samples):
            self.init(type: "motion_samples")
            self.device = device
            self.samples = samples.map(WireMotionSample.init)
        case .motionError(let device, let error):
            self.init(type: "motion_error")
            self.device = device
            code = error.code
        }
    }

    func serverMessage() throws(WireDecodingError) -> ServerMessage {
        switch type {
        case "hello":
            var grants: [Permission: PermissionStatus] = [:]
            for (key, value) in permissions ?? [:] {
                if let permission = Permission(name: key), let status = PermissionStatus(name: value) { grants[permission] = status }
            }
            return .hello(ServerHello(
                protocolVersion: try require(protocolVersion, "protocol"), server: server ?? "", world: world ?? "",
                speed: speed ?? 1, time: time ?? 0,
                registration: try named(registration, "registration", as: RegistrationState.self),
                permissions: grants, devices: (devices ?? []).map(\.snapshot), bandwidth: bandwidth ?? [:], mock: mock ?? [],
                held: held ?? [], clientID: clientID))
        case "reply":
            let id = try require(self.id, "id")
            if try require(ok, "ok") {
                if let status { return .reply(id: id, .success(.permission(try named(status, "status", as: PermissionStatus.self)))) }
                if let stream { return .reply(id: id, .success(.stream(stream))) }
                if let glasses { return .reply(id: id, .success(.mockGlasses(glasses))) }
                if let output { return .reply(id: id, .success(.console(output: output, errorOutput: errorOutput ?? ""))) }
                if let completions { return .reply(id: id, .success(.completions(completions))) }
                if let audio { return .reply(id: id, .success(.audioRoute(audio))) }
                if let taken { return .reply(id: id, .success(.taken(taken))) }
                return .reply(id: id, .success(.done))
            }
            return .reply(id: id, .failure(try require(error, "error")))
        case "error":
            return .error(try require(error, "error"))
        case "registration":
            return .event(.registration(try named(state, "state", as: RegistrationState.self)))
        case "device":
            return .event(.device(try require(deviceInfo, "info").snapshot))
        case "device_removed":
            return .event(.deviceRemoved(try require(device, "device")))
        case "permission":
            return .event(.permission(try named(permission, "permission", as: Permission.self),
                                      try named(status, "status", as: PermissionStatus.self)))
        case "bandwidth":
            return .event(.bandwidth(device: try require(device, "device"), kbps: try require(kbps, "kbps")))
        case "session":
            let identifier = try require(device, "device")
            switch try require(event, "event") {
            case "paused": return .event(.session(device: identifier, .paused))
            case "resumed": return .event(.session(device: identifier, .resumed))
            case "stream_ended":
                // No stream_error: the device took the camera without a fault.
                guard let wireError = self.streamError else { return .event(.session(device: identifier, .streamEnded(nil))) }
                guard let streamError = wireError.streamError else { throw WireDecodingError("field 'stream_error': not a StreamError") }
                return .event(.session(device: identifier, .streamEnded(streamError)))
            case "ended":
                return .event(.session(device: identifier, .ended(
                    sessionError: error?.decode(as: DeviceSessionError.self), streamError: streamError?.streamError)))
            case "warning":
                guard let warning = error?.decode(as: DeviceSessionError.self) else { throw WireDecodingError("field 'error': not a DeviceSessionError") }
                return .event(.session(device: identifier, .warning(warning)))
            case let other:
                throw WireDecodingError("field 'event': '\(other)' is not one of paused, resumed, stream_ended, ended, warning")
            }
        case "input":
            return .event(.input(device: try require(device, "device"), try named(event, "event", as: DeviceInput.self)))
        case "input_event":
            return .event(.capability(device: try require(device, "device"), .input(try require(input, "input").event())))
        case "inputs_error":
            return .event(.capability(device: try require(device, "device"), .inputsFailed(try named(code, "code", as: InputsError.self))))
        case "transcription":
            return .event(.capability(device: try require(device, "device"), .transcription(TranscriptionResult(
                text: try require(text, "text"), isFinal: try require(isFinal, "final"), confidence: try require(confidence, "confidence")))))
        case "speech_error":
            return .event(.capability(device: try require(device, "device"), .speechFailed(try named(code, "code", as: SpeechError.self))))
        case "speech_complete":
            return .event(.capability(device: try require(device, "device"), .speechComplete))
        case "speech_locale":
            return .event(.capability(device: try require(device, "device"), .speechLocale(try require(locale, "locale"))))
        case "voice_invocation":
            return .event(.capability(device: try require(device, "device"), .voiceInvocation(requestID: try require(request, "request"))))
        case "voice_error":
            return .event(.capability(device: try require(device, "device"), .voiceError(try named(code, "code", as: VoiceInvocationError.self))))
        case "display":
            let identifier = try require(device, "device")
            switch try require(event, "event") {
            case "tap": return .event(.display(device: identifier, .tap(id: try require(component, "component"))))
            case "video":
                let type = try named(playback, "playback", as: VideoPlaybackEventType.self)
                return .event(.display(device: identifier, .playback(VideoPlaybackEvent(type, errorType: reason.flatMap { VideoErrorType(name: $0) }))))
            case "stopped": return .event(.display(device: identifier, .stopped))
            case let other: throw WireDecodingError("field 'event': '\(other)' is not one of tap, video, stopped")
            }
        case "a2dp_paused_by_stream":
            return .event(.a2dpPausedByStream(device: try require(device, "device")))
        case "frames_dropped":
            return .event(.framesDropped(stream: try require(stream, "stream"), total: try require(total, "total")))
        case "capture_started":
            return .event(.captureStarted(id: try require(id, "id")))
        case "capture_progress":
            return .event(.captureProgress(id: try require(id, "id"),
                                           PhotoTransferProgress(bytesReceived: try require(bytes, "bytes"), totalBytes: try require(total, "total"))))
        case "mock_glasses":
            return .event(.mockGlasses(try require(glasses, "glasses")))
        case "audio_route":
            return .event(.audioRoute(try require(audio, "audio")))
        case "file_saved":
            return .event(.fileSaved(try require(file, "file")))
        case "holders":
            return .event(.holders(device: try require(device, "device"), try require(holders, "holders")))
        case "motion_samples":
            var decoded: [MotionSample] = []
            for sample in try require(samples, "samples") { decoded.append(try sample.sample()) }
            return .event(.motionSamples(device: try require(device, "device"), decoded))
        case "motion_error":
            return .event(.motionError(device: try require(device, "device"), try named(code, "code", as: MotionError.self)))
        default:
            throw WireDecodingError("unknown message type '\(type)'")
        }
    }
}
