import WearablesCore

/// One change to a simulated world's mock (MockDeviceKit's test-server actions and
/// ours). The HTTP control routes and the WebSocket `mock` command both decode into
/// it, from the same field names, so the two cannot drift apart.
public enum MockAction: Sendable, Equatable {
    case pair(model: DeviceType, ready: Bool)
    case device(String, MockDeviceAction)
    case setPermission(Permission, PermissionStatus)
    case permissionRequestResult(Permission, PermissionAnswer)
    case companionFailNext(CompanionFlow, code: String)
    /// The next `flow` waits in the Meta AI app for the user's answer (`companionAnswer`).
    case companionHoldNext(CompanionFlow)
    /// The user continues (`true`) or cancels the request a held flow shows.
    case companionAnswer(CompanionFlow, proceed: Bool)
    /// `metaAIInstalled: false`: a phone without the Meta AI app (registration `unavailable`).
    case reset(registered: Bool, permissions: [Permission: PermissionStatus], metaAIInstalled: Bool = true)
    case phoneCall(seconds: Double)
    /// The Meta AI app updates itself (the fix for `sdkUpdateRequired`).
    case companionUpdateApp
    /// MockDeviceKit `disable()`: every pair goes, and the mock refuses actions until `reset` enables it again.
    case disable

    /// How the Meta AI app answers permission requests (`timeout`: it never answers;
    /// `connectionError`, `internalError`: it fails with that `PermissionError`).
    public enum PermissionAnswer: String, CaseIterable, Sendable { case granted, denied, timeout, connectionError, internalError }
    public enum CompanionFlow: String, CaseIterable, Sendable { case registration, unregistration }
    public enum FeedPattern: String, CaseIterable, Sendable {
        case moving
        case `static`
        case noise
    }

    /// The actions' names: the HTTP route's last component and the command's `action`.
    public var name: String {
        switch self {
        case .pair: "pair"
        case .device(_, let action): action.name
        case .setPermission: "permissions"
        case .permissionRequestResult: "request_result"
        case .companionFailNext: "companion_fail_next"
        case .companionHoldNext: "companion_hold_next"
        case .companionAnswer(_, let proceed): proceed ? "companion_continue" : "companion_cancel"
        case .companionUpdateApp: "companion_update_app"
        case .reset: "reset"
        case .phoneCall: "phone_call"
        case .disable: "disable"
        }
    }

    /// Whether this is `reset`, which also enables a disabled mock (MockDeviceKit `enable(config:)`).
    public var isReset: Bool {
        if case .reset = self { return true }
        return false
    }

    /// The glasses the action is about, if any.
    public var device: String? {
        if case .device(let device, _) = self { return device }
        return nil
    }
}

/// What is done to one pair of simulated glasses.
public enum MockDeviceAction: Sendable, Equatable {
    case unpair, powerOn, powerOff, don, doff, fold, unfold, tap, tapAndHold, captureButton, peakPower, updateFirmware
    /// The next capture fails with this `PhotoError` (one of `capturesFailures`).
    case failNextCapture(PhotoError)
    /// The camera pipeline fails: the stream stops with this `StreamError` (one of `streamFaults`).
    case failStream(StreamError)
    case compatibility(Compatibility)
    case battery(Int)
    case charging(ChargingState)
    case thermal(ThermalLevel)
    case disconnect(seconds: Double)
    case bandwidth(kbps: Double)
    case cameraFeedPattern(MockAction.FeedPattern)
    /// A video (`.mp4`, `.mov`, `.mkv`, `.y4m`) or PNG/JPEG still on the served world's disk.
    case cameraFeedPath(String)
    /// A PNG/JPEG on the served world's disk that captures return.
    case capturedImage(path: String)

    static let plainActions: [MockDeviceAction] = [
        .unpair, .powerOn, .powerOff, .don, .doff, .fold, .unfold, .tap, .tapAndHold, .captureButton, .peakPower, .updateFirmware,
    ]

    /// The failures `fail_next_capture` scripts: the glasses' own refusals. The others
    /// (`busy`, `notReady`, `permissionDenied`, ...) have causes a script stages instead.
    public static let captureFailures: [PhotoError] = [.captureFailure, .sessionSetupFailed, .serviceUnavailable]

    /// The faults `fail_stream` scripts: the stream's errors with no other cause a script can stage.
    public static let streamFaults: [StreamError] = [.internalError, .videoStreamingError]

    public var name: String {
        switch self {
        case .unpair: "unpair"
        case .powerOn: "power_on"
        case .powerOff: "power_off"
        case .don: "don"
        case .doff: "doff"
        case .fold: "fold"
        case .unfold: "unfold"
        case .tap: "tap"
        case .tapAndHold: "tap_and_hold"
        case .captureButton: "capture_button"
        case .peakPower: "peak_power"
        case .updateFirmware: "update_firmware"
        case .compatibility: "compatibility"
        case .failNextCapture: "fail_next_capture"
        case .failStream: "fail_stream"
        case .battery: "battery"
        case .charging: "charging"
        case .thermal: "thermal"
        case .disconnect: "disconnect"
        case .bandwidth: "bandwidth"
        case .cameraFeedPattern, .cameraFeedPath: "camera_feed"
        case .capturedImage: "captured_image"
        }
    }

    /// The names of the device actions, for routes and messages.
    public static let names = plainActions.map(\.name)
        + ["fail_next_capture", "fail_stream", "battery", "charging", "thermal", "disconnect", "bandwidth", "camera_feed", "captured_image", "compatibility"]
}

/// A mock action's refusal: `code` is `bad_request`, `unknown_device` or `unreadable_file`.
public struct MockActionError: Error, Sendable, Equatable, CustomStringConvertible {
    public var code: String
    public var message: String

    public init(_ code: String, _ message: String) {
        self.code = code
        self.message = message
    }

    public static func badRequest(_ message: String) -> MockActionError { MockActionError("bad_request", message) }

    public var description: String { message }

    /// As it crosses the wire in a reply (domain `mock`).
    public var wireError: WireError { WireError(domain: "mock", code: code, message: message) }
}

/// Every field a mock action reads, flat, as both the HTTP body and the `mock` command carry them.
public struct MockActionFields: Codable, Sendable, Equatable {
    public var device, model, state, thermal, path, pattern, permission, status, result, flow, code, compatibility: String?
    public var level: Int?
    public var seconds, kbps: Double?
    public var ready, registered: Bool?
    /// `reset`: whether the Meta AI app is installed (default true).
    public var installed: Bool?
    public var permissions: [String: String]?

    public init() {}

    /// The action `name` (a route's last component, a command's `action`) with these fields.
    /// `pair` is out of the box unless `ready` (HTTP's default); clients that want ready glasses say so.
    public func action(_ name: String) throws(MockActionError) -> MockAction {
        switch name {
        case "pair":
            return .pair(model: try named(model, "model", as: DeviceType.self) ?? .rayBanMeta, ready: ready ?? false)
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
        default:
            throw .badRequest("unknown mock action '\(name)' (actions: pair, \(MockDeviceAction.names.joined(separator: ", ")), "
                + "permissions, request_result, companion_fail_next, companion_hold_next, companion_continue, companion_cancel, "
                + "companion_update_app, reset, phone_call, disable)")
        }
    }

    /// The fields that carry `action`, the inverse of ``action(_:)``.
    public init(_ action: MockAction) {
        switch action {
        case .pair(let model, let ready):
            self.model = model.name
            self.ready = ready
        case .device(let device, let deviceAction):
            self.device = device
            switch deviceAction {
            case .unpair, .powerOn, .powerOff, .don, .doff, .fold, .unfold, .tap, .tapAndHold, .captureButton, .peakPower, .updateFirmware: break
            case .failNextCapture(let failure): code = failure.rawValue
            case .failStream(let fault): code = fault.code
            case .compatibility(let value): compatibility = value.name
            case .battery(let level): self.level = level
            case .charging(let state): self.state = state.name
            case .thermal(let level): thermal = level.name
            case .disconnect(let seconds): self.seconds = seconds
            case .bandwidth(let kbps): self.kbps = kbps
            case .cameraFeedPattern(let pattern): self.pattern = pattern.rawValue
            case .cameraFeedPath(let path), .capturedImage(let path): self.path = path
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
}

/// A pair of simulated glasses as the mock knows it: the app's view plus what only
/// the mock sees (power, a stuck session, the link's bandwidth). Mock replies and
/// `mock_glasses` events carry it, so a client mirrors the served mock.
public struct WireMockGlasses: Codable, Sendable, Equatable {
    public var id, name, type, link, charging, don, hinge, thermal, compatibility: String
    public var battery: Int
    public var powered, stuck: Bool
    public var bandwidthKbps: Double

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
        case id, name, type, link, charging, don, hinge, thermal, compatibility, battery, powered, stuck
        case bandwidthKbps = "bandwidth_kbps"
    }

    public var model: DeviceType { DeviceType(name: type) ?? .unknown }
}
