import WearablesModel

/// The DAT app on the glasses (DWA) as the mock stages it, each state named after what
/// a session start meets (DAT 1.0 `DeviceSessionError`).
public enum GlassesAppState: String, NamedCase {
    /// Up to date: sessions start.
    case current
    /// `datAppOnTheGlassesUpdateRequired` at session start; `open_glasses_app_update()` updates it.
    case updateRequired
    /// `dwaOutOfStuRange`: a non-blocking warning on a session that starts; an update makes it current.
    case outOfStuRange
    /// `dwaUnavailable` at session start.
    case unavailable
    /// `insufficientSDKVersion` at session start: terminal, the app must ship with a newer SDK.
    case sdkTooOld
}
