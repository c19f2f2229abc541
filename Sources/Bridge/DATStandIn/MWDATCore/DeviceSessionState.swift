@frozen public enum DeviceSessionState: Equatable, Sendable {
    case idle
    case starting
    case started
    case paused
    case stopping
    case stopped

    public var description: String {
        switch self {
        case .idle: "idle"
        case .starting: "starting"
        case .started: "started"
        case .paused: "paused"
        case .stopping: "stopping"
        case .stopped: "stopped"
        }
    }
}

public enum DeviceSessionError: DatError, Equatable {
    case noEligibleDevice
    case sessionAlreadyStopped
    case sessionAlreadyExists
    case sessionIdle
    case capabilityAlreadyActive
    case capabilityNotFound
    case unexpectedError(description: String)
    case thermalCritical
    case thermalEmergency
    case peakPowerShutdown
    case batteryCritical
    case datAppOnTheGlassesUpdateRequired
    case dwaUnavailable
    case insufficientSDKVersion
    case dwaOutOfStuRange

    public var description: String {
        switch self {
        case .noEligibleDevice: "no eligible device for the session"
        case .sessionAlreadyStopped: "the session has stopped"
        case .sessionAlreadyExists: "a session already runs on this device"
        case .sessionIdle: "the session has not started"
        case .capabilityAlreadyActive: "the capability is already active"
        case .capabilityNotFound: "the capability is not active"
        case .unexpectedError(let description): description
        case .thermalCritical: "the glasses are critically hot"
        case .thermalEmergency: "the glasses are dangerously hot"
        case .peakPowerShutdown: "the glasses shut down at peak power"
        case .batteryCritical: "the glasses' battery is critically low"
        case .datAppOnTheGlassesUpdateRequired: "the DAT app on the glasses needs an update"
        case .dwaUnavailable: "the glasses' app channel is unavailable"
        case .insufficientSDKVersion: "the glasses need a newer SDK"
        case .dwaOutOfStuRange: "the glasses' app channel is out of range"
        }
    }
}
