public enum LinkState: String, NamedCase { case disconnected, connecting, connected }
public enum ChargingState: String, NamedCase { case unknown, charging, notCharging }
public enum DonState: String, NamedCase { case unknown, doffed, donned }
public enum HingeState: String, NamedCase { case unknown, closed, open }
public enum ThermalLevel: String, NamedCase {
    case unknown, none, light, moderate, severe, critical, emergency, shutdown
}
public enum Compatibility: String, NamedCase { case undefined, compatible, deviceUpdateRequired, sdkUpdateRequired }

public enum DeviceType: String, NamedCase {
    case unknown, rayBanMeta, oakleyMetaHSTN, oakleyMetaVanguard, metaRayBanDisplay, rayBanMetaOptics, metaGlasses

    /// Only the Display model has a screen.
    public var supportsDisplay: Bool { self == .metaRayBanDisplay }

    /// The product name a freshly paired pair reports.
    public var marketingName: String {
        switch self {
        case .unknown: "Glasses"
        case .rayBanMeta: "Ray-Ban Meta"
        case .oakleyMetaHSTN: "Oakley Meta HSTN"
        case .oakleyMetaVanguard: "Oakley Meta Vanguard"
        case .metaRayBanDisplay: "Meta Ray-Ban Display"
        case .rayBanMetaOptics: "Ray-Ban Meta Optics"
        case .metaGlasses: "Meta Glasses"
        }
    }
}

/// Stable identifier of a pair of glasses.
public typealias DeviceIdentifier = String

/// What the wearer does on the glasses that the app hears about (DAT 1.0 device input
/// events): a captouch tap, a captouch tap-and-hold, a press of the capture button.
public enum DeviceInput: String, NamedCase { case tap, tapAndHold, captureButton }
