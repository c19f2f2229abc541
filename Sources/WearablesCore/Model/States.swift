/// Whether this app is registered with the companion app (DAT 1.0 names).
public enum RegistrationState: String, NamedCase { case unavailable, available, registering, registered }

public enum Permission: String, NamedCase { case camera, microphone }

public enum PermissionStatus: String, NamedCase { case granted, denied }

/// The lifecycle of a `DeviceSession`; `stopped` is terminal.
public enum SessionState: String, NamedCase { case idle, starting, started, paused, stopping, stopped }

/// The lifecycle of a camera stream on a session.
public enum StreamState: String, NamedCase { case stopping, stopped, waitingForDevice, starting, streaming, paused }

public enum PhotoCaptureFormat: String, NamedCase {
    case jpeg, heic
    /// The conventional file extension.
    public var fileExtension: String { rawValue }
}
