/// Whether this app is registered with the companion app (DAT 1.0 names).
public enum RegistrationState: String, NamedCase { case unavailable, available, registering, registered }

public enum Permission: String, NamedCase { case camera, microphone }

public enum PermissionStatus: String, NamedCase { case granted, denied }

/// The lifecycle of a `DeviceSession`; `stopped` is terminal.
public enum SessionState: String, NamedCase { case idle, starting, started, paused, stopping, stopped }

/// The lifecycle of a camera stream on a session.
public enum StreamState: String, NamedCase { case stopping, stopped, waitingForDevice, starting, streaming, paused }

/// The camera capability's own lifecycle (DAT 1.0 `Camera`), apart from its stream's: the
/// session holds the camera from `start()` until it has stopped, whatever the stream does
/// meanwhile (a stream paused by the device, or waiting for it, is a camera still held).
public enum CameraState: String, NamedCase {
    case starting, started, stopping, stopped

    /// The capability's state while its stream is in `stream`.
    public init(_ stream: StreamState) {
        switch stream {
        case .stopped: self = .stopped
        case .waitingForDevice, .starting: self = .starting
        case .streaming, .paused: self = .started
        case .stopping: self = .stopping
        }
    }
}

public enum PhotoCaptureFormat: String, NamedCase {
    case jpeg, heic
    /// The conventional file extension.
    public var fileExtension: String { rawValue }
}

/// DAT 1.0 `PhotoState`: the lifecycle of `Camera.photo`, which one standalone capture
/// runs through here (`PhotoCapture`).
public enum PhotoState: String, NamedCase { case stopped, starting, started, stopping }
