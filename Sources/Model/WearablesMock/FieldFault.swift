import WearablesModel

/// Failures integrators meet on real glasses that no MockDeviceKit call stages, taken
/// from field reports so error handling can be tested against them (`glasses:field_fault`,
/// the `field_fault` mock action, and `mock.chaos`).
public enum FieldFault: String, NamedCase {
    /// ios#301: the device ends a session while the glasses are worn and connected
    /// (`DeviceSessionError.unexpectedError`, "Session ended by device"); the stream stops with it.
    case sessionEnded
    /// ios#214: the next stream start hangs in `starting` for 5 s, then fails with `StreamError.internalError`.
    case startInternalError
    /// ios#131: the camera is orphaned: a running stream stays `streaming` without frames and
    /// every start fails with `internalError`, until the glasses are power-cycled.
    case orphanedCamera
    /// A third-party field report: the lens sleeps now, as after 25 s without interaction
    /// (the app's display stays `started`; the next send, click or input wakes it).
    case displaySleep
    /// Field report (BirdSpotter, BS-Sess): the wearer makes the Back gesture on the captouch; unless
    /// the app's Inputs consume Back, it ends the session holding a started display.
    case backGesture
    /// android#177: the glasses count as cached from an earlier run ("warm"): every session
    /// start fails within about 0.15 s until a registration handshake in this run.
    case warmReopen
}
