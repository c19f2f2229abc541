public enum Permission: Sendable, CaseIterable {
    case camera
    case microphone
}

public enum PermissionStatus: Sendable {
    case granted
    case denied
}

public enum PermissionError: Int, DatError {
    case noDevice
    case noDeviceWithConnection
    case connectionError
    case metaAINotInstalled
    case requestInProgress
    case requestTimeout
    case internalError

    public var description: String {
        switch self {
        case .noDevice: "no glasses are paired"
        case .noDeviceWithConnection: "no paired glasses are connected"
        case .connectionError: "the glasses could not be reached"
        case .metaAINotInstalled: "the Meta AI app is not installed"
        case .requestInProgress: "a permission request is already in progress"
        case .requestTimeout: "the permission request timed out"
        case .internalError: "the permission request failed"
        }
    }
}
