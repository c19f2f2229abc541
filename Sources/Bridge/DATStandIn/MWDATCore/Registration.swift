/// Where this app stands with the Meta AI app.
@frozen public enum RegistrationState: Int {
    case unavailable
    case available
    case registering
    case registered

    public var description: String {
        switch self {
        case .unavailable: "unavailable"
        case .available: "available"
        case .registering: "registering"
        case .registered: "registered"
        }
    }
}

extension RegistrationState: Sendable {}

public enum RegistrationError: Int, DatError {
    case alreadyRegistered
    case configurationInvalid
    case metaAINotInstalled
    case networkUnavailable
    case unknown

    public var description: String {
        switch self {
        case .alreadyRegistered: "this app is already registered"
        case .configurationInvalid: "the app's DAT configuration (Info.plist) is invalid"
        case .metaAINotInstalled: "the Meta AI app is not installed"
        case .networkUnavailable: "no network to reach Meta"
        case .unknown: "registration failed"
        }
    }
}

public enum UnregistrationError: Int, DatError {
    case alreadyUnregistered
    case configurationInvalid
    case metaAINotInstalled
    case unknown

    public var description: String {
        switch self {
        case .alreadyUnregistered: "this app is not registered"
        case .configurationInvalid: "the app's DAT configuration (Info.plist) is invalid"
        case .metaAINotInstalled: "the Meta AI app is not installed"
        case .unknown: "unregistration failed"
        }
    }
}

/// Why the Meta AI app could not be opened on an update page.
public enum NavigationError: Int, DatError {
    case metaAINotInstalled
    case notRegistered

    public var description: String {
        switch self {
        case .metaAINotInstalled: "the Meta AI app is not installed"
        case .notRegistered: "this app is not registered"
        }
    }
}
