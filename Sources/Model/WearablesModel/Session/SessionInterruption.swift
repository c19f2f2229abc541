/// Something the device did to an open session, decided by the glasses (or the SDK),
/// never by the app: DAT tells apps to react to state, not to guess causes.
public enum SessionInterruption: Sendable, Equatable {
    /// The device took the glasses (system experience, not worn, brief link drop).
    case paused
    /// The device gave them back.
    case resumed
    /// The camera stopped but the session lives on: with an error (battery low), or
    /// without one when the device took the camera for itself (the assistant).
    case streamEnded(StreamError?)
    /// The session is over; `sessionError`/`streamError` say why, when there is a reason to report.
    case ended(sessionError: DeviceSessionError?, streamError: StreamError?)
    /// A non-blocking warning on the live session (`dwaOutOfStuRange`): reported, nothing stops.
    case warning(DeviceSessionError)
}
