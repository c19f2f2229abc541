#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import WearablesModel

/// The commands' payloads, one struct per `type`, in docs/protocol.md's order.
enum Commands {
    struct Register: CommandPayload {
        static let type = "register"
        static let summary = "Registers the app with the Meta AI app (DAT `startRegistration`); the reply is `ok`."
        static let fieldDocs: [String: String] = [:]
        init?(_ command: WireCommand) { guard case .register = command else { return nil } }
        func command() -> WireCommand { .register }
    }

    struct Unregister: CommandPayload {
        static let type = "unregister"
        static let summary = "Unregisters the app (DAT `startUnregistration`); the reply is `ok`."
        static let fieldDocs: [String: String] = [:]
        init?(_ command: WireCommand) { guard case .unregister = command else { return nil } }
        func command() -> WireCommand { .unregister }
    }

    struct RequestPermission: CommandPayload {
        static let type = "request_permission"
        static let summary = "Asks for a permission (DAT `requestPermission(_:)`); the reply carries its `status`."
        static let fieldDocs = ["permission": "The permission asked for."]
        var permission: Named<Permission>
        init?(_ command: WireCommand) {
            guard case .requestPermission(let permission) = command else { return nil }
            self.permission = Named(permission)
        }
        func command() -> WireCommand { .requestPermission(permission.value) }
    }

    struct OpenFirmwareUpdate: CommandPayload {
        static let type = "open_firmware_update"
        static let summary = "Opens the Meta AI app's firmware update screen (DAT `openFirmwareUpdate()`); `ok` once it opened, or a `NavigationError`."
        static let fieldDocs: [String: String] = [:]
        init?(_ command: WireCommand) { guard case .openFirmwareUpdate = command else { return nil } }
        func command() -> WireCommand { .openFirmwareUpdate }
    }

    struct OpenGlassesAppUpdate: CommandPayload {
        static let type = "open_glasses_app_update"
        static let summary = "Opens the Meta AI app's DAT app update destination (DAT `openDATGlassesAppUpdate()`); `ok` once it opened, or a `NavigationError`."
        static let fieldDocs: [String: String] = [:]
        init?(_ command: WireCommand) { guard case .openGlassesAppUpdate = command else { return nil } }
        func command() -> WireCommand { .openGlassesAppUpdate }
    }

    struct OpenSession: CommandPayload {
        static let type = "open_session"
        static let summary = "Opens a `DeviceSession` on the glasses; `ok` once the device accepted it."
        static let fieldDocs = ["device": "The glasses' id."]
        var device: String
        init?(_ command: WireCommand) {
            guard case .openSession(let device) = command else { return nil }
            self.device = device
        }
        func command() -> WireCommand { .openSession(device: device) }
    }

    struct CloseSession: CommandPayload {
        static let type = "close_session"
        static let summary = "Stops the client's session on the glasses (DAT `DeviceSession.stop()`); `ok`."
        static let fieldDocs = ["device": "The glasses' id."]
        var device: String
        init?(_ command: WireCommand) {
            guard case .closeSession(let device) = command else { return nil }
            self.device = device
        }
        func command() -> WireCommand { .closeSession(device: device) }
    }

    struct PrepareCamera: CommandPayload {
        static let type = "prepare_camera"
        static let summary = "The glasses set their camera up for a stream (its `starting`); `ok` when it may stream, or the `StreamError`."
        static let fieldDocs = ["device": "The glasses' id."]
        var device: String
        init?(_ command: WireCommand) {
            guard case .prepareCamera(let device) = command else { return nil }
            self.device = device
        }
        func command() -> WireCommand { .prepareCamera(device: device) }
    }

    struct StartCamera: CommandPayload {
        static let type = "start_camera"
        static let summary = "Streams the camera's frames (DAT `videoFramePublisher`); the reply's `stream` names the frames' binary messages."
        static let fieldDocs = [
            "device": "The glasses' id.",
            "resolution": "The stream's resolution.",
            "fps": "Frames a second: \(StreamConfiguration.validFrameRates.map(String.init).joined(separator: ", ")).",
        ]
        var device: String
        var resolution: Named<StreamingResolution>
        var fps: Int
        init?(_ command: WireCommand) {
            guard case .startCamera(let device, let settings) = command else { return nil }
            self.device = device
            resolution = Named(settings.resolution)
            fps = settings.frameRate
        }
        func command() throws(WireDecodingError) -> WireCommand {
            guard StreamConfiguration.validFrameRates.contains(fps) else {
                throw WireDecodingError("field 'fps': \(fps) is not one of \(StreamConfiguration.validFrameRates.map(String.init).joined(separator: ", "))")
            }
            return .startCamera(device: device, settings: EffectiveStreamSettings(resolution: resolution.value, frameRate: fps))
        }
    }

    struct StopCamera: CommandPayload {
        static let type = "stop_camera"
        static let summary = "Stops a stream; `ok`."
        static let fieldDocs = ["stream": "The stream's number, from `start_camera`'s reply."]
        var stream: Int
        init?(_ command: WireCommand) {
            guard case .stopCamera(let stream) = command else { return nil }
            self.stream = stream
        }
        func command() -> WireCommand { .stopCamera(stream: stream) }
    }

    struct Capture: CommandPayload {
        static let type = "capture"
        static let summary = "Takes a photo (DAT `capturePhoto(format:)`); it comes as a binary `photo` message carrying this command's id, with no text reply."
        static let fieldDocs = [
            "device": "The glasses' id.",
            "format": "The photo's encoding.",
            "width": "The photo's width in pixels, 1-8192.",
            "height": "The photo's height in pixels, 1-8192.",
            "quality": "The encoder's quality, 1-100 (absent: \(ImageCodecs.defaultQuality), DAT 1.0 `Camera.photo`'s).",
            "audio_over_hfp": "True when the client's phone routes audio over HFP to these glasses: a simulator then loses the photo, as users report, unless `hfp_blocks_photo_capture` is off (absent: false).",
        ]
        var device: String
        var format: Named<PhotoCaptureFormat>
        var width, height: Int
        var quality: Int?
        var audioOverHFP: Bool?

        enum CodingKeys: String, CodingKey {
            case device, format, width, height, quality
            case audioOverHFP = "audio_over_hfp"
        }

        init?(_ command: WireCommand) {
            guard case .capture(let device, let format, let size, let quality, let audioOverHFP) = command else { return nil }
            self.device = device
            self.format = Named(format)
            width = size.width
            height = size.height
            self.quality = quality
            // Said only when true, so the message stays as it was for the common case.
            self.audioOverHFP = audioOverHFP ? true : nil
        }

        func command() throws(WireDecodingError) -> WireCommand {
            let size = VideoSize(width: width, height: height)
            guard (1...8192).contains(size.width), (1...8192).contains(size.height) else {
                throw WireDecodingError("fields 'width' and 'height' must be 1...8192, got \(size)")
            }
            let quality = quality ?? ImageCodecs.defaultQuality
            guard (1...100).contains(quality) else { throw WireDecodingError("field 'quality' must be 1...100, got \(quality)") }
            return .capture(device: device, format: format.value, size: size, quality: quality, audioOverHFP: audioOverHFP ?? false)
        }
    }

    struct DisplayStart: CommandPayload {
        static let type = "display_start"
        static let summary = "Starts the display of the device's open session (DAT `Display.start()`); `ok` once `started`, or a `DisplayError`."
        static let fieldDocs = ["device": "The glasses' id (its session is open)."]
        var device: String
        init?(_ command: WireCommand) {
            guard case .displayStart(let device) = command else { return nil }
            self.device = device
        }
        func command() -> WireCommand { .displayStart(device: device) }
    }

    struct DisplaySend: CommandPayload {
        static let type = "display_send"
        static let summary = "Shows a tree on the display (DAT `Display.send(_:)`); `ok` once shown, or a `DisplayError` (the server checks the tree again)."
        static let fieldDocs = [
            "device": "The glasses' id.",
            "tree": "A checked tree's components, `{\"type\":\"flexbox\",\"props\":{...},\"children\":[...]}`: props are DAT's fields in snake_case (docs/display.md), only those that differ from DAT's defaults; an image's pixels as `{\"jpeg\": BASE64}`.",
        ]
        var device: String
        var tree: WireComponent
        init?(_ command: WireCommand) {
            guard case .displaySend(let device, let tree) = command else { return nil }
            self.device = device
            self.tree = tree
        }
        func command() -> WireCommand { .displaySend(device: device, tree: tree) }
    }

    struct DisplayClear: CommandPayload {
        static let type = "display_clear"
        static let summary = "Clears the display (DAT `Display.clearDisplay()`); `ok`, or a `DisplayError`."
        static let fieldDocs = ["device": "The glasses' id."]
        var device: String
        init?(_ command: WireCommand) {
            guard case .displayClear(let device) = command else { return nil }
            self.device = device
        }
        func command() -> WireCommand { .displayClear(device: device) }
    }

    struct DisplayStopVideo: CommandPayload {
        static let type = "display_stop_video"
        static let summary = "Stops the display's video (DAT `Display.sendVideoStop()`); `ok`."
        static let fieldDocs = ["device": "The glasses' id."]
        var device: String
        init?(_ command: WireCommand) {
            guard case .displayStopVideo(let device) = command else { return nil }
            self.device = device
        }
        func command() -> WireCommand { .displayStopVideo(device: device) }
    }

    struct DisplayStop: CommandPayload {
        static let type = "display_stop"
        static let summary = "Stops the display (DAT `Display.stop()`); `ok` once the glasses took it down."
        static let fieldDocs = ["device": "The glasses' id."]
        var device: String
        init?(_ command: WireCommand) {
            guard case .displayStop(let device) = command else { return nil }
            self.device = device
        }
        func command() -> WireCommand { .displayStop(device: device) }
    }

    struct Console: CommandPayload {
        static let type = "console"
        static let summary = "Runs Lua in the client's console state (`glasses repl`'s engine in the served world); the reply's `output` and `error_output` say what it printed."
        static let fieldDocs = ["code": "Lua: a line or several."]
        var code: String
        init?(_ command: WireCommand) {
            guard case .console(let code) = command else { return nil }
            self.code = code
        }
        func command() -> WireCommand { .console(code: code) }
    }

    struct Complete: CommandPayload {
        static let type = "complete"
        static let summary = "The console's completions for a word; the reply's `completions` are sorted, each replacing the word."
        static let fieldDocs = ["word": "The identifier path before the cursor (`wearables.de`, `cam:st`)."]
        var word: String
        init?(_ command: WireCommand) {
            guard case .complete(let word) = command else { return nil }
            self.word = word
        }
        func command() -> WireCommand { .complete(word: word) }
    }

    struct WatchPreviews: CommandPayload {
        static let type = "watch_previews"
        static let summary = "A dashboard's preview: the client also gets the frames of every other client's streams, each at most `WireProtocol.previewFrameRate` frames/s."
        static let fieldDocs = ["watch": "True to watch, false to stop."]
        var watch: Bool
        init?(_ command: WireCommand) {
            guard case .watchPreviews(let watch) = command else { return nil }
            self.watch = watch
        }
        func command() -> WireCommand { .watchPreviews(watch) }
    }

    struct AudioRoute: CommandPayload {
        static let type = "audio_route"
        static let summary = "The phone's audio route as it is now (`AVAudioSession.currentRoute`); the reply carries it as `audio`."
        static let fieldDocs: [String: String] = [:]
        init?(_ command: WireCommand) { guard case .audioRoute = command else { return nil } }
        func command() -> WireCommand { .audioRoute }
    }

    struct VoiceListen: CommandPayload {
        static let type = "voice_listen"
        static let summary = "The app started or stopped its `VoiceInvocationsStream` (DAT `start(deviceIdentifier:)`/`stop()`); `ok`."
        static let fieldDocs = ["device": "The glasses' id.", "listening": "True: started; false: stopped."]
        var device: String
        var listening: Bool
        init?(_ command: WireCommand) {
            guard case .voiceListen(let device, let listening) = command else { return nil }
            self.device = device
            self.listening = listening
        }
        func command() -> WireCommand { .voiceListen(device: device, listening) }
    }

    struct SpeechListen: CommandPayload {
        static let type = "speech_listen"
        static let summary = "The app's Speech started or stopped listening (DAT `Speech.start()`/`stop()`); `ok`, for a start once the glasses listen."
        static let fieldDocs = ["device": "The glasses' id.", "listening": "True: started; false: stopped."]
        var device: String
        var listening: Bool
        init?(_ command: WireCommand) {
            guard case .speechListen(let device, let listening) = command else { return nil }
            self.device = device
            self.listening = listening
        }
        func command() -> WireCommand { .speechListen(device: device, listening) }
    }

    struct VoiceAnswer: CommandPayload {
        static let type = "voice_answer"
        static let summary = "The app's one answer to a `LaunchApp` (DAT `sendSuccess`/`sendFailure(actionOutput:)`); the reply's `taken` says whether Meta AI took it."
        static let fieldDocs = [
            "device": "The glasses' id.",
            "request": "The request's id, from `voice_invocation`.",
            "success": "True: `sendSuccess`; false: `sendFailure`.",
            "action_output": "The answer's `actionOutput`.",
        ]
        var device, request: String
        var success: Bool
        var actionOutput: String?

        enum CodingKeys: String, CodingKey {
            case device, request, success
            case actionOutput = "action_output"
        }

        init?(_ command: WireCommand) {
            guard case .voiceAnswer(let device, let request, let success, let output) = command else { return nil }
            self.device = device
            self.request = request
            self.success = success
            actionOutput = output
        }
        func command() -> WireCommand { .voiceAnswer(device: device, request: request, success: success, output: actionOutput) }
    }

    struct WatchMotion: CommandPayload {
        static let type = "watch_motion"
        static let summary = "Streams the glasses' IMU to this client as `motion_samples` events (DAT `addMotion(configuration:)`, `Motion.start()`), or stops; `ok` once the glasses' Motion is `started`."
        static let fieldDocs = [
            "device": "The glasses' id.",
            "watch": "False stops the watch (absent: true).",
            "rate": "The sampling rate; needed unless `watch` is false.",
        ]
        var device: String
        var watch: Bool?
        var rate: Named<MotionSamplingRate>?
        init?(_ command: WireCommand) {
            guard case .watchMotion(let device, let rate) = command else { return nil }
            self.device = device
            watch = rate != nil
            self.rate = rate.map { Named($0) }
        }
        func command() throws(WireDecodingError) -> WireCommand {
            guard watch ?? true else { return .watchMotion(device: device, rate: nil) }
            guard let rate else { throw WireDecodingError("'\(Self.type)' needs the field 'rate'") }
            return .watchMotion(device: device, rate: rate.value)
        }
    }

    struct WatchInputs: CommandPayload {
        static let type = "watch_inputs"
        static let summary = "The app added Inputs on its started session (DAT `addInputs(configuration:)`) or removed them (`removeInputs()`); `ok` once asked."
        static let fieldDocs = [
            "device": "The glasses' id.",
            "watch": "False removes the Inputs, without the other fields (absent: true).",
            "sources": "The surfaces the app takes over, in DAT's order (absent: DAT's `InputsConfiguration()` default, every real source).",
            "consume_back": "Whether Back is the app's (absent: true, as in DAT).",
        ]
        var device: String
        var watch: Bool?
        var sources: [Named<InputSource>]?
        var consumeBack: Bool?

        enum CodingKeys: String, CodingKey {
            case device, watch, sources
            case consumeBack = "consume_back"
        }

        init?(_ command: WireCommand) {
            guard case .watchInputs(let device, let configuration) = command else { return nil }
            self.device = device
            watch = configuration != nil
            // In DAT's declaration order, so a configuration has one spelling.
            sources = configuration.map { configuration in InputSource.allCases.filter(configuration.sources.contains).map { Named($0) } }
            consumeBack = configuration?.consumeBack
        }

        func command() -> WireCommand {
            guard watch ?? true else { return .watchInputs(device: device, configuration: nil) }
            let chosen = sources.map { Set($0.map(\.value)) } ?? InputSource.defaultSources
            return .watchInputs(device: device, configuration: InputsConfiguration(sources: chosen, consumeBack: consumeBack ?? true))
        }
    }
}
