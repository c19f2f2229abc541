#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import WearablesMock
import WearablesModel

extension MockActionError {
    /// As it crosses the wire in a reply (domain `mock`).
    public var wireError: WireError { WireError(domain: "mock", code: code.rawValue, message: message) }

    /// A refusal that came over the wire; a code this side does not know reads as `bad_request`.
    public init(_ error: WireError) {
        self.init(Code(rawValue: error.code) ?? .badRequest, error.message)
    }
}

/// Every field a mock action reads, flat, as both the HTTP body and the `mock` command carry them.
public struct MockActionFields: Codable, Sendable, Equatable {
    public var device, model, state, thermal, path, pattern, permission, status, result, flow, code, compatibility: String?
    public var level: Int?
    public var seconds, kbps: Double?
    public var ready, registered: Bool?
    /// `pair`: false for glasses without motion sensors (absent: they have them).
    public var imu: Bool?
    /// `hfp_blocks_photo_capture`, `classic_stalls`, `a2dp_pauses_on_stream`: the switch's new position.
    public var on: Bool?
    /// `microphone_feed`: a tone in Hz, noise or silence (or `path`, a sound file, or `text`, spoken by espeak-ng).
    public var tone: Double?
    public var noise, silence: Bool?
    /// `microphone_feed` of a file the sender has and the receiver has not (a `--connect` client's):
    /// `sound`, its bytes in base64 (at most ``maxSoundBytes``), or `missing` when it was not
    /// there; `path` is then only its name, for diagnostics.
    public var sound: String?
    public var missing: Bool?

    /// The largest sound file that crosses in a `microphone_feed` (its base64 and the
    /// command around it stay within `WireProtocol.maxTextBytes`): about 5 s of 16 kHz WAV.
    public static let maxSoundBytes = 160 * 1024
    /// `reset`: whether the Meta AI app is installed (default true).
    public var installed: Bool?
    public var permissions: [String: String]?
    /// `input`: the event's kind (nav, select, back, button, capture, drag), its `source`, and per kind
    /// `direction`, `button`, `press` (a CapturePressType), `drag` (a DragAction) with `x`, `y`, `dx`, `dy`.
    public var kind, source, direction, button, press, drag: String?
    /// `motion_feed`: a MotionPose (recorded samples do not cross).
    public var pose: String?
    /// `speech`: `text`, `final` (default true), `confidence` (default 0.95; -1: none); `speech_error`: `error_code`
    /// (Android SpeechRecognizer numbering) and `message`; `speech_locale`: `locale`; `speech_source`: `source`
    /// (a TranscriptionSource: `injected`, `liveDeviceAsr`).
    public var text, message, locale: String?
    public var final: Bool?
    public var confidence: Double?
    public var error_code: Int?
    public var x, y, dx, dy: Double?
    /// `display_click`: the id of the component clicked (explicit, or its path `root.2.1`).
    public var target: String?
    /// `display_video`: how the video ends (`ended`, `stopped`, `error`; `code` a VideoErrorType for `error`).
    public var video: String?
    /// `field_report`: the FieldReport switched (with `on`).
    public var report: String?
    /// `display_video_size`: the videos' size in pixels.
    public var width, height: Int?

    public init() {}

    /// The action `name` (a route's last component, a command's `action`) with these fields.
    /// `pair`'s defaults are `MockAction.pairing`'s, which `mock.pair` shares: ready to use unless `ready` is false.
    public func action(_ name: String) throws(MockActionError) -> MockAction {
        switch name {
        case "pair":
            return .pairing(model: try named(model, "model", as: DeviceType.self), ready: ready, imu: imu)
        case "permissions":
            return .setPermission(try required(permission, "permission", as: Permission.self),
                                  try required(status, "status", as: PermissionStatus.self))
        case "request_result":
            return .permissionRequestResult(try required(permission, "permission", as: Permission.self),
                                            try required(result, "result", as: MockAction.PermissionAnswer.self))
        case "companion_fail_next":
            return .companionFailNext(try required(flow, "flow", as: MockAction.CompanionFlow.self), code: try require(code, "code"))
        case "companion_hold_next":
            return .companionHoldNext(try required(flow, "flow", as: MockAction.CompanionFlow.self))
        case "companion_continue", "companion_cancel":
            return .companionAnswer(try required(flow, "flow", as: MockAction.CompanionFlow.self), proceed: name == "companion_continue")
        case "reset":
            var grants: [Permission: PermissionStatus] = [:]
            for (key, value) in permissions ?? [:] {
                grants[try required(key, "permissions key", as: Permission.self)] =
                    try required(value, "permissions.\(key)", as: PermissionStatus.self)
            }
            return .reset(registered: registered ?? false, permissions: grants, metaAIInstalled: installed ?? true)
        case "disable":
            return .disable
        case "companion_update_app":
            return .companionUpdateApp
        case "hfp_blocks_photo_capture":
            return .hfpBlocksPhotoCapture(try require(on, "on"))
        case "classic_stalls":
            return .classicStalls(try require(on, "on"))
        case "a2dp_pauses_on_stream":
            return .a2dpPausesOnStream(try require(on, "on"))
        case "field_report":
            return .fieldReport(try required(report, "report", as: FieldReport.self), try require(on, "on"))
        case "phone_call":
            let seconds = try require(seconds, "seconds")
            guard seconds.isFinite, seconds > 0 else { throw .badRequest("'seconds' must be a number > 0") }
            return .phoneCall(seconds: seconds)
        default:
            return .device(try require(device, "device", hint: "an id from GET /v1/devices"), try deviceAction(name))
        }
    }

    private func deviceAction(_ name: String) throws(MockActionError) -> MockDeviceAction {
        if let plain = MockDeviceAction.plainActions.first(where: { $0.name == name }) { return plain }
        switch name {
        case "battery":
            let level = try require(level, "level")
            guard (0...100).contains(level) else { throw .badRequest("'level' must be 0-100, got \(level)") }
            return .battery(level)
        case "charging": return .charging(try required(state, "state", as: ChargingState.self))
        case "compatibility": return .compatibility(try required(compatibility, "compatibility", as: Compatibility.self))
        case "fail_next_capture":
            guard let code else { return .failNextCapture(.captureFailure) }
            guard let failure = MockDeviceAction.captureFailures.first(where: { $0.rawValue == code }) else {
                throw .badRequest("'code' must be one of \(MockDeviceAction.captureFailures.map(\.rawValue).joined(separator: ", ")), got '\(code)'")
            }
            return .failNextCapture(failure)
        case "fail_stream":
            guard let code else { return .failStream(.internalError) }
            guard let fault = MockDeviceAction.streamFaults.first(where: { $0.code == code }) else {
                throw .badRequest("'code' must be one of \(MockDeviceAction.streamFaults.map(\.code).joined(separator: ", ")), got '\(code)'")
            }
            return .failStream(fault)
        case "thermal": return .thermal(try required(thermal, "thermal", as: ThermalLevel.self))
        case "disconnect":
            let seconds = seconds ?? 5
            guard seconds.isFinite, seconds >= 0 else { throw .badRequest("'seconds' must be a number >= 0") }
            return .disconnect(seconds: seconds)
        case "bandwidth":
            let kbps = try require(kbps, "kbps")
            guard kbps.isFinite, kbps >= 0 else { throw .badRequest("'kbps' must be a number >= 0") }
            return .bandwidth(kbps: kbps)
        case "camera_feed":
            if let pattern = try named(pattern, "pattern", as: MockAction.FeedPattern.self) { return .cameraFeedPattern(pattern) }
            return .cameraFeedPath(try require(path, "path", hint: "a .mp4/.mov/.mkv/.y4m video or PNG/JPEG still on the server's disk, or give 'pattern'"))
        case "captured_image": return .capturedImage(path: try require(path, "path"))
        case "display_click": return .displayClick(try require(target, "target", hint: "a component id, e.g. root.2 or an explicit id"))
        case "display_video": return .displayVideo(try require(video, "video", hint: "ended, stopped or error"), errorType: code)
        case "display_photo_transfer_interrupts": return .displayPhotoTransferInterrupts(try require(on, "on"))
        case "display_video_size":
            let width = try require(width, "width"), height = try require(height, "height")
            guard width > 0, height > 0, width <= 1 << 16, height <= 1 << 16 else { throw .badRequest("'width' and 'height' must be 1-65536 pixels") }
            return .displayVideoSize(width: width, height: height)
        case "microphone_feed":
            if let tone {
                guard tone.isFinite, tone > 0 else { throw .badRequest("'tone' must be a number of Hz > 0") }
                return .microphoneFeed(.tone(hertz: tone))
            }
            if noise == true { return .microphoneFeed(.noise()) }
            if silence == true { return .microphoneFeed(.silence) }
            if let text {
                guard text.utf8.count <= MicrophoneFeed.maxSpokenTextBytes else {
                    throw .badRequest("'text' is \(text.utf8.count) bytes; at most \(MicrophoneFeed.maxSpokenTextBytes) are spoken")
                }
                return .microphoneFeed(.speech(text: text))
            }
            if missing == true { return .microphoneFeed(.file(path: try require(path, "path"), checked: .missing)) }
            if let sound { return .microphoneFeed(.file(path: path ?? "sound", checked: .held(try held(sound)))) }
            return .microphoneFeed(.file(path: try require(path, "path", hint: "a sound file on the server's disk, or give tone, noise=true, silence=true, text or sound")))
        case "input":
            return .input(try inputAction(), source: try named(source, "source", as: InputSource.self) ?? .captouch)
        case "motion_feed":
            return .motionFeed(.pose(try required(pose, "pose", as: MotionPose.self)))
        case "speech":
            let text = try require(text, "text")
            guard text.utf8.count <= TranscriptionResult.maxTextBytes else {
                throw .badRequest("'text' is \(text.utf8.count) bytes; a transcription holds at most \(TranscriptionResult.maxTextBytes)")
            }
            let confidence = confidence ?? 0.95
            guard confidence == -1 || (0...1).contains(confidence) else { throw .badRequest("'confidence' must be 0...1 or -1, got \(confidence)") }
            return .speech(TranscriptionResult(text: text, isFinal: final ?? true, confidence: Float(confidence)))
        case "speech_error":
            return .speechError(code: try require(error_code, "error_code"), message: message ?? "")
        case "speech_complete":
            return .speechComplete
        case "speech_locale":
            return .speechLocale(try require(locale, "locale"))
        case "speech_source":
            return .speechSource(try required(source, "source", as: TranscriptionSource.self))
        case "inputs_fault":
            return .inputsFault(try required(code, "code", as: InputsError.self))
        case "field_fault":
            return .fieldFault(try required(code, "code", as: FieldFault.self))
        case "developer_mode":
            return .developerMode(try require(on, "on"))
        case "glasses_app":
            return .glassesApp(try required(state, "state", as: GlassesAppState.self))
        default:
            throw .badRequest("unknown mock action '\(name)' (actions: pair, \(MockDeviceAction.names.joined(separator: ", ")), "
                + "permissions, request_result, companion_fail_next, companion_hold_next, companion_continue, companion_cancel, "
                + "companion_update_app, reset, phone_call, disable, hfp_blocks_photo_capture, classic_stalls, a2dp_pauses_on_stream, field_report)")
        }
    }

    private func inputAction() throws(MockActionError) -> InputEvent.Action {
        switch try required(kind, "kind", as: InputEventKind.self) {
        case .nav: return .nav(try required(direction, "direction", as: NavDirection.self))
        case .select: return .select
        case .back: return .back
        case .button: return .button(try named(button, "button", as: ButtonType.self) ?? .action)
        case .capture: return .capture(try named(press, "press", as: CapturePressType.self) ?? .shortPress)
        case .drag:
            var values: [Float] = []
            for (name, value) in [("x", x), ("y", y), ("dx", dx), ("dy", dy)] {
                let number = value ?? 0
                guard number.isFinite else { throw .badRequest("'\(name)' must be a finite number") }
                values.append(Float(number))
            }
            return .drag(try required(drag, "drag", as: DragAction.self), x: values[0], y: values[1], dx: values[2], dy: values[3])
        }
    }

    /// The fields that carry `action`, the inverse of ``action(_:)``.
    public init(_ action: MockAction) {
        switch action {
        case .pair(let model, let ready, let hasIMU):
            self.model = model.name
            self.ready = ready
            // Said only when false, so a pair's message stays as it was for the common case.
            if !hasIMU { imu = false }
        case .device(let device, let deviceAction):
            self.device = device
            switch deviceAction {
            case .unpair, .powerOn, .powerOff, .don, .doff, .fold, .unfold, .tap, .tapAndHold, .captureButton, .peakPower, .updateFirmware,
                 .voiceLaunch: break
            case .failNextCapture(let failure): code = failure.rawValue
            case .failStream(let fault): code = fault.code
            case .compatibility(let value): compatibility = value.name
            case .battery(let level): self.level = level
            case .charging(let state): self.state = state.name
            case .thermal(let level): thermal = level.name
            case .disconnect(let seconds): self.seconds = seconds
            case .bandwidth(let kbps): self.kbps = kbps
            case .cameraFeedPattern(let pattern): self.pattern = pattern.rawValue
            case .cameraFeedPath(let path, _), .capturedImage(let path, _): self.path = path
            case .microphoneFeed(let feed):
                switch feed {
                case .silence: silence = true
                case .tone(let hertz, _): tone = hertz
                case .noise: noise = true
                case .file(let path, let checked):
                    self.path = path
                    switch checked {
                    case .missing?: missing = true
                    // One byte past the limit is enough for the receiver to refuse a longer file.
                    case .held(let file)?: sound = Data(file.read(count: Self.maxSoundBytes + 1, at: 0)).base64EncodedString()
                    case nil: break
                    }
                case .speech(let text): self.text = text
                }
            case .input(let input, let source):
                kind = input.kind.name
                self.source = source.name
                switch input {
                case .nav(let direction): self.direction = direction.name
                case .select, .back: break
                case .button(let button): self.button = button.name
                case .capture(let press): self.press = press.name
                case .drag(let action, let x, let y, let dx, let dy):
                    drag = action.name
                    (self.x, self.y, self.dx, self.dy) = (Double(x), Double(y), Double(dx), Double(dy))
                }
            case .inputsFault(let error): code = error.code
            case .fieldFault(let fault): code = fault.rawValue
            case .developerMode(let enabled): on = enabled
            case .glassesApp(let app): state = app.rawValue
            case .motionFeed(let feed):
                if case .pose(let pose) = feed { self.pose = pose.name }
            case .speech(let result):
                text = result.text
                final = result.isFinal
                confidence = Double(result.confidence)
            case .speechError(let code, let message):
                error_code = code
                self.message = message
            case .speechComplete: break
            case .speechLocale(let locale): self.locale = locale
            case .speechSource(let source): self.source = source.name
            case .displayClick(let id): target = id
            case .displayVideo(let type, let errorType):
                video = type
                code = errorType
            case .displayPhotoTransferInterrupts(let on): self.on = on
            case .displayVideoSize(let width, let height):
                self.width = width
                self.height = height
            }
        case .setPermission(let permission, let status):
            self.permission = permission.name
            self.status = status.name
        case .permissionRequestResult(let permission, let answer):
            self.permission = permission.name
            result = answer.rawValue
        case .companionFailNext(let flow, let code):
            self.flow = flow.rawValue
            self.code = code
        case .companionHoldNext(let flow), .companionAnswer(let flow, _):
            self.flow = flow.rawValue
        case .reset(let registered, let grants, let installed):
            self.registered = registered
            self.installed = installed
            permissions = Dictionary(uniqueKeysWithValues: grants.map { ($0.key.name, $0.value.name) })
        case .phoneCall(let seconds):
            self.seconds = seconds
        case .hfpBlocksPhotoCapture(let on), .classicStalls(let on), .a2dpPausesOnStream(let on):
            self.on = on
        case .fieldReport(let report, let on):
            self.report = report.rawValue
            self.on = on
        case .disable, .companionUpdateApp:
            break
        }
    }

    /// `value`, or a refusal naming the missing `field` (and, after it, what the field takes).
    func require<T>(_ value: T?, _ field: String, hint: String? = nil) throws(MockActionError) -> T {
        guard let value else { throw .badRequest("missing field '\(field)'" + (hint.map { ": \($0)" } ?? "")) }
        return value
    }

    func named<T: RawRepresentable & CaseIterable>(_ value: String?, _ field: String, as _: T.Type) throws(MockActionError) -> T?
    where T.RawValue == String {
        guard let value else { return nil }
        guard let parsed = T(rawValue: value) else {
            throw .badRequest("'\(field)' must be one of \(T.allCases.map(\.rawValue).joined(separator: ", ")), got '\(value)'")
        }
        return parsed
    }

    func required<T: RawRepresentable & CaseIterable>(_ value: String?, _ field: String, as type: T.Type) throws(MockActionError) -> T
    where T.RawValue == String {
        guard let parsed = try named(value, field, as: type) else { throw .badRequest("missing field '\(field)'") }
        return parsed
    }

    /// A sound sent as base64, held in a nameless file for the microphone's renderer.
    private func held(_ sound: String) throws(MockActionError) -> RawFile {
        guard let bytes = Data(base64Encoded: sound) else { throw .badRequest("'sound' must be a sound file's bytes in base64") }
        guard bytes.count <= Self.maxSoundBytes else {
            throw .badRequest("'sound' is \(bytes.count) bytes; at most \(Self.maxSoundBytes) cross in a microphone_feed")
        }
        guard let file = RawFile.holding(Array(bytes)) else { throw .badRequest("the sound could not be held in a temporary file") }
        return file
    }
}

/// A pair of simulated glasses as the mock knows it: the app's view plus what only
/// the mock sees (power, a stuck session, the link's bandwidth). Mock replies and
/// `mock_glasses` events carry it, so a client mirrors the served mock.
public struct WireMockGlasses: Codable, Sendable, Equatable {
    public var id, name, type, link, charging, don, hinge, thermal, compatibility: String
    /// The lens of display glasses (protocol 2).
    public var display: WireMockDisplay?
    public var battery: Int
    public var powered, stuck: Bool
    public var bandwidthKbps: Double
    /// Voice invocations: whether the app listens, and the requests sent with their answers (optional: a v1 peer sends none).
    public var voiceListening: Bool?
    public var voiceRequests: [MockVoiceRequest]?
    public var motionPose: String?
    /// False for glasses without motion sensors; absent when they have them.
    public var imu: Bool?
    public var speechListening: Bool?
    public var speechSource, speechDiagnostic: String?

    public init(id: String, name: String, type: String, link: String, charging: String, don: String, hinge: String,
                thermal: String, compatibility: String, battery: Int, powered: Bool, stuck: Bool, bandwidthKbps: Double) {
        self.id = id
        self.name = name
        self.type = type
        self.link = link
        self.charging = charging
        self.don = don
        self.hinge = hinge
        self.thermal = thermal
        self.compatibility = compatibility
        self.battery = battery
        self.powered = powered
        self.stuck = stuck
        self.bandwidthKbps = bandwidthKbps
    }

    enum CodingKeys: String, CodingKey {
        case id, name, type, link, charging, don, hinge, thermal, compatibility, battery, powered, stuck, display
        case bandwidthKbps = "bandwidth_kbps"
        case voiceListening = "voice_listening"
        case voiceRequests = "voice_requests"
        case motionPose = "motion_pose"
        case imu
        case speechListening = "speech_listening"
        case speechSource = "speech_source"
        case speechDiagnostic = "speech_diagnostic"
    }

    public var model: DeviceType { DeviceType(name: type) ?? .unknown }

    public init(_ state: MockGlassesState, pictures: some WirePictureCoding) {
        let device = WireDevice(state.device)
        self.init(id: device.id, name: device.name, type: device.type, link: device.link, charging: device.charging,
                  don: device.don, hinge: device.hinge, thermal: state.thermal.name, compatibility: device.compatibility,
                  battery: state.battery, powered: state.powered, stuck: state.stuck, bandwidthKbps: state.bandwidthKbps)
        voiceListening = state.voiceListening
        voiceRequests = state.voiceRequests
        motionPose = state.motionPose
        imu = state.hasIMU ? nil : false
        speechListening = state.speechListening
        speechSource = state.speechSource.name
        speechDiagnostic = state.speechDiagnostic
        display = state.display.map { WireMockDisplay($0, pictures: pictures) }
    }

    /// The typed state, with unknown names read as DAT's `unknown` cases (a newer peer may add values).
    public func state(pictures: some WirePictureCoding) -> MockGlassesState {
        let thermalLevel = ThermalLevel(name: thermal) ?? .unknown
        // The app sees no battery or heat from glasses that are off (SimulatedGlasses.snapshot).
        let device = DeviceSnapshot(
            identifier: id, name: name, type: model, linkState: LinkState(name: link) ?? .disconnected,
            batteryLevel: powered ? battery : nil, chargingState: ChargingState(name: charging) ?? .unknown,
            donState: DonState(name: don) ?? .unknown, hingeState: HingeState(name: hinge) ?? .unknown,
            thermalLevel: powered ? thermalLevel : .unknown, compatibility: Compatibility(name: compatibility) ?? .undefined)
        var state = MockGlassesState(device: device, battery: battery, thermal: thermalLevel, powered: powered, stuck: stuck,
                                     bandwidthKbps: bandwidthKbps, voiceListening: voiceListening ?? false, voiceRequests: voiceRequests ?? [],
                                     display: display?.state(pictures: pictures))
        state.motionPose = motionPose
        state.hasIMU = imu ?? true
        state.speechListening = speechListening ?? false
        state.speechSource = speechSource.flatMap(TranscriptionSource.init(name:)) ?? .injected
        state.speechDiagnostic = speechDiagnostic
        return state
    }
}
