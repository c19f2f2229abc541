/// What every error of the model has, so bindings can show
/// `"StreamError.deviceNotConnected: <message>"` without knowing each type.
public protocol WearablesError: Error, Sendable, CustomStringConvertible {
    /// The DAT error type, e.g. `"StreamError"`.
    var domain: String { get }
    /// The DAT case name, e.g. `"deviceNotConnected"`.
    var code: String { get }
    /// A sentence saying what went wrong and how to fix it.
    var message: String { get }
}

extension WearablesError {
    public var description: String { "\(domain).\(code): \(message)" }
}

/// A WearablesError whose cases carry no payload: the case name is the code.
public protocol NamedWearablesError: WearablesError, NamedCase, Equatable {}

extension NamedWearablesError {
    public var domain: String { String(describing: Self.self) }
    public var code: String { rawValue }
    public var description: String { "\(domain).\(code): \(message)" }
}

public enum RegistrationError: String, NamedWearablesError {
    case alreadyRegistered, configurationInvalid, metaAINotInstalled, networkUnavailable, unknown
    public var message: String {
        switch self {
        case .alreadyRegistered: "this app is already registered with the Meta AI app; unregister first to register again"
        case .configurationInvalid: "the app's DAT configuration is invalid; check the MetaAppID and callback URL scheme"
        case .metaAINotInstalled: "the Meta AI companion app is not installed; install it and pair the glasses"
        case .networkUnavailable: "the Meta AI app could not reach the network; retry when online"
        case .unknown: "registration failed for an unknown reason in the Meta AI app; retry"
        }
    }
}

public enum UnregistrationError: String, NamedWearablesError {
    case alreadyUnregistered, configurationInvalid, metaAINotInstalled, unknown
    public var message: String {
        switch self {
        case .alreadyUnregistered: "this app is not registered; nothing to unregister"
        case .configurationInvalid: "the app's DAT configuration is invalid; check the MetaAppID and callback URL scheme"
        case .metaAINotInstalled: "the Meta AI companion app is not installed"
        case .unknown: "unregistration failed for an unknown reason in the Meta AI app; retry"
        }
    }
}

public enum PermissionError: String, NamedWearablesError {
    case noDevice, noDeviceWithConnection, connectionError, metaAINotInstalled, requestInProgress, requestTimeout, internalError
    public var message: String {
        switch self {
        case .noDevice: "no glasses are paired with the Meta AI app; pair a device first"
        case .noDeviceWithConnection: "no paired glasses are connected; power on and unfold the glasses"
        case .connectionError: "the Meta AI app lost its connection to the glasses; retry"
        case .metaAINotInstalled: "the Meta AI companion app is not installed"
        case .requestInProgress: "a request for this permission is already waiting for an answer; wait for it"
        case .requestTimeout: "the Meta AI app did not answer the permission request in time; retry"
        case .internalError: "the permission request failed inside the Meta AI app; retry"
        }
    }
}

/// Why the Meta AI app's update destinations (`openFirmwareUpdate()`,
/// `openDATGlassesAppUpdate()`) could not be opened: DAT 1.0's two cases.
public enum NavigationError: String, NamedWearablesError {
    case metaAINotInstalled, notRegistered
    public var message: String {
        switch self {
        case .metaAINotInstalled: "the Meta AI app is not installed (or could not be reached), so its update screen cannot open; install it and pair the glasses"
        case .notRegistered: "this app is not registered with the Meta AI app; register first (wearables.register())"
        }
    }
}

public enum DeviceSessionError: String, NamedWearablesError {
    case noEligibleDevice, sessionAlreadyStopped, sessionAlreadyExists, sessionIdle, capabilityAlreadyActive,
        capabilityNotFound, unexpectedError, thermalCritical, thermalEmergency, peakPowerShutdown, batteryCritical,
        datAppOnTheGlassesUpdateRequired, insufficientSDKVersion, dwaOutOfStuRange, dwaUnavailable
    public var message: String {
        switch self {
        case .noEligibleDevice: "no device matches the selector; pair, power on and unfold the glasses, or change the selector"
        case .sessionAlreadyStopped: "the session is stopped, which is final; create a new session"
        case .sessionAlreadyExists: "the device already has an active session; stop it before creating another"
        case .sessionIdle: "the session has not been started; call start() first"
        case .capabilityAlreadyActive: "the session already has this capability (a camera, Inputs); remove it before adding another"
        case .capabilityNotFound: "the session holds no such capability (none was added, or it was removed); add a new camera to the session"
        case .unexpectedError: "the device ended the session or never started it: if the glasses were taken off, put them on; if you restarted quickly, power-cycle them and wait 2 s between sessions"
        case .thermalCritical: "the glasses are critically hot and ended the session; let them cool down"
        case .thermalEmergency: "the glasses reached an emergency temperature and ended the session"
        case .peakPowerShutdown: "the glasses hit their peak power limit and ended the session"
        case .batteryCritical: "the glasses' battery is critically low; charge them"
        case .datAppOnTheGlassesUpdateRequired: "the DAT app on the glasses needs an update; call open_glasses_app_update() and start a new session once it is done"
        case .insufficientSDKVersion: "this app was built with a DAT SDK the glasses no longer accept; release a version built with the current SDK (no update on the phone or glasses fixes it)"
        case .dwaOutOfStuRange: "the DAT app on the glasses is outside the supported range; the session goes on, and an update (open_glasses_app_update()) is suggested"
        case .dwaUnavailable: "the DAT app on the glasses is not available; check the glasses' software in the Meta AI app"
        }
    }
}

public enum StreamError: WearablesError, Equatable {
    case internalError
    case deviceNotFound(DeviceIdentifier)
    case deviceNotConnected(DeviceIdentifier)
    case timeout
    case videoStreamingError
    case audioStreamingError
    case permissionDenied
    case hingesClosed
    case thermalHot
    case batteryLow
    case peakPowerLimit
    case photoCaptureFailed

    public var domain: String { "StreamError" }

    public var code: String {
        switch self {
        case .internalError: "internalError"
        case .deviceNotFound: "deviceNotFound"
        case .deviceNotConnected: "deviceNotConnected"
        case .timeout: "timeout"
        case .videoStreamingError: "videoStreamingError"
        case .audioStreamingError: "audioStreamingError"
        case .permissionDenied: "permissionDenied"
        case .hingesClosed: "hingesClosed"
        case .thermalHot: "thermalHot"
        case .batteryLow: "batteryLow"
        case .peakPowerLimit: "peakPowerLimit"
        case .photoCaptureFailed: "photoCaptureFailed"
        }
    }

    /// The device a `deviceNotFound`/`deviceNotConnected` error is about.
    public var deviceIdentifier: DeviceIdentifier? {
        switch self {
        case .deviceNotFound(let id), .deviceNotConnected(let id): id
        default: nil
        }
    }

    public var message: String {
        switch self {
        case .internalError: "the stream failed inside the SDK; start it again"
        case .deviceNotFound(let id): "device \(id) is not known; check that it is paired"
        case .deviceNotConnected(let id): "device \(id) is not connected; power it on, unfold it and keep it in range"
        case .timeout: "the device did not answer in time; retry"
        case .videoStreamingError: "the video stream failed; retry, at a lower resolution or frame rate if it repeats"
        case .audioStreamingError: "a stream with audio needs the HFP route first: configure the audio session as playAndRecord with allowBluetooth and activate it before starting the stream"
        case .permissionDenied: "camera permission (and, for a stream with audio, microphone permission) is not granted; register the app, then request it with requestPermission"
        case .hingesClosed: "the glasses were folded or taken off, which stops the camera; unfold them or put them on, then start the camera again (a fold also needs a new session)"
        case .thermalHot: "the glasses are too hot to stream; let them cool down"
        case .batteryLow: "the glasses' battery is too low to stream; charge them"
        case .peakPowerLimit: "the glasses hit their peak power limit"
        case .photoCaptureFailed: "the camera failed to capture the photo; try again"
        }
    }
}

public enum PhotoError: String, NamedWearablesError {
    case notReady, captureFailure, sessionSetupFailed, busy, serviceUnavailable, permissionDenied,
        deviceHealthCritical, deviceDisconnected
    public var message: String {
        switch self {
        case .notReady: "the camera is not ready: start the stream and wait for streaming, or start its photo feature (cam.photo:start()) and wait for started, before capturing"
        case .captureFailure: "the glasses failed to capture the photo, or it never arrived (photos may not deliver while audio is routed over HFP to the glasses); try again"
        case .sessionSetupFailed: "the capture session could not be set up; restart the stream"
        case .busy: "a capture is already in flight; wait for its photo"
        case .serviceUnavailable: "the capture service is unavailable on this device"
        case .permissionDenied: "camera permission is not granted"
        case .deviceHealthCritical: "the glasses are too hot or too low on battery to capture"
        case .deviceDisconnected: "the glasses disconnected before the photo arrived"
        }
    }
}

extension PhotoError {
    /// What a capture still in flight fails with when its stream ends, by the cause
    /// (`nil`: the app stopped the stream or session, or the device ended it without one).
    /// DAT's cases, read for this moment: the link going away is `deviceDisconnected`
    /// (folding drops Bluetooth; an unpaired device is gone too); heat, battery and
    /// peak power stops are `deviceHealthCritical`; a revoked camera permission is
    /// `permissionDenied`; a stream that stopped without a fault is `notReady`, as a
    /// capture asked of a stopped stream would be (retrying needs a new start, not
    /// just another try); a stream that broke inside is `captureFailure`.
    /// Not `busy`, `sessionSetupFailed` or `serviceUnavailable`: those refuse a
    /// capture before it starts.
    public static func inFlightCaptureEnded(by streamError: StreamError?) -> PhotoError {
        switch streamError {
        case nil: .notReady
        case .deviceNotConnected, .deviceNotFound, .hingesClosed: .deviceDisconnected
        case .thermalHot, .batteryLow, .peakPowerLimit: .deviceHealthCritical
        case .permissionDenied: .permissionDenied
        case .internalError, .timeout, .videoStreamingError, .audioStreamingError, .photoCaptureFailed: .captureFailure
        }
    }
}

/// A `StreamConfiguration` value outside what DAT accepts; the message lists the valid values.
public struct StreamConfigurationError: WearablesError, Equatable {
    public let field: String
    public let value: String
    public let validValues: [String]
    public init(field: String, value: String, validValues: [String]) {
        self.field = field
        self.value = value
        self.validValues = validValues
    }
    public var domain: String { "StreamConfigurationError" }
    public var code: String { "invalid" + field.prefix(1).uppercased() + field.dropFirst() }
    public var message: String {
        "\(field) \(value) is not supported; valid values: \(validValues.joined(separator: ", "))"
    }
}
