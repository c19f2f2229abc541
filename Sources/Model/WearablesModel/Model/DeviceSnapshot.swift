/// What a backend reports about one pair of glasses: DAT 1.0's `Device` fields.
public struct DeviceSnapshot: Sendable, Equatable {
    public var identifier: DeviceIdentifier
    public var name: String
    public var type: DeviceType
    public var linkState: LinkState
    public var batteryLevel: Int?
    public var chargingState: ChargingState
    public var donState: DonState
    public var hingeState: HingeState
    public var thermalLevel: ThermalLevel
    public var compatibility: Compatibility

    public init(identifier: DeviceIdentifier, name: String, type: DeviceType, linkState: LinkState = .disconnected,
                batteryLevel: Int? = nil, chargingState: ChargingState = .unknown, donState: DonState = .unknown,
                hingeState: HingeState = .unknown, thermalLevel: ThermalLevel = .unknown,
                compatibility: Compatibility = .compatible) {
        self.identifier = identifier
        self.name = name
        self.type = type
        self.linkState = linkState
        self.batteryLevel = batteryLevel
        self.chargingState = chargingState
        self.donState = donState
        self.hingeState = hingeState
        self.thermalLevel = thermalLevel
        self.compatibility = compatibility
    }
}
