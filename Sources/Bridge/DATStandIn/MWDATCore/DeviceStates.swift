/// A device's Bluetooth link.
@frozen public enum LinkState: Equatable, Sendable {
    case disconnected
    case connecting
    case connected
}

@frozen public enum ChargingState: Sendable, Equatable {
    case unknown
    case charging
    case notCharging
}

@frozen public enum DonState: Sendable, Equatable {
    case unknown
    case doffed
    case donned
}

@frozen public enum HingeState: Sendable, Equatable {
    case unknown
    case closed
    case open
}

@frozen public enum ThermalLevel: Sendable, Equatable {
    case unknown
    case none
    case light
    case moderate
    case severe
    case critical
    case emergency
    case shutdown
}

/// Whether the glasses' firmware and this SDK can work together.
public enum Compatibility: CaseIterable, Sendable {
    case undefined
    case compatible
    case deviceUpdateRequired
    case sdkUpdateRequired
}

public enum DeviceType: String, CaseIterable, Sendable {
    case unknown
    case rayBanMeta
    case oakleyMetaHSTN
    case oakleyMetaVanguard
    case metaRayBanDisplay
    case rayBanMetaOptics
    case metaGlasses
}

/// Everything a device reports at once, as `Device.addDeviceStateListener` delivers it.
public struct DeviceState: Sendable, Equatable {
    public var linkState: LinkState
    public var compatibility: Compatibility
    public var batteryLevel: Int?
    public var chargingState: ChargingState
    public var donState: DonState
    public var hingeState: HingeState
    public var thermalLevel: ThermalLevel

    public init(
        linkState: LinkState = .disconnected, compatibility: Compatibility = .undefined, batteryLevel: Int? = nil,
        chargingState: ChargingState = .unknown, donState: DonState = .unknown, hingeState: HingeState = .unknown,
        thermalLevel: ThermalLevel = .unknown
    ) {
        self.linkState = linkState
        self.compatibility = compatibility
        self.batteryLevel = batteryLevel
        self.chargingState = chargingState
        self.donState = donState
        self.hingeState = hingeState
        self.thermalLevel = thermalLevel
    }
}
