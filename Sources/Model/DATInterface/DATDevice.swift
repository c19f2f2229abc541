import WearablesModel

/// DAT 1.0 `Device`: a pair of glasses the SDK knows, with its state as properties
/// and one listener for every change (`addDeviceStateListener`).
public protocol DATDevice: Sendable {
    /// `identifier`
    var identifier: DeviceIdentifier { get }
    /// `name`
    var name: String { get }
    /// `deviceType()`
    func deviceType() -> DeviceType
    /// `compatibility()`
    func compatibility() -> Compatibility
    /// The state properties `linkState`, `batteryLevel`, `chargingState`, `donState`,
    /// `hingeState`, `thermalLevel` (and `compatibility()`) read together, as DAT's `DeviceState`.
    var state: DATDeviceState { get }
    /// `addDeviceStateListener(_:)`: every change of the device's state.
    func addDeviceStateListener(_ listener: @escaping @Sendable (DATDeviceState) -> Void) -> any DATListenerToken
}

/// DAT 1.0 `DeviceState` (MWDATCore), field for field.
public struct DATDeviceState: Sendable, Equatable {
    public var linkState: LinkState
    public var compatibility: Compatibility
    public var batteryLevel: Int?
    public var chargingState: ChargingState
    public var donState: DonState
    public var hingeState: HingeState
    public var thermalLevel: ThermalLevel

    public init(linkState: LinkState = .disconnected, compatibility: Compatibility = .undefined, batteryLevel: Int? = nil,
                chargingState: ChargingState = .unknown, donState: DonState = .unknown, hingeState: HingeState = .unknown,
                thermalLevel: ThermalLevel = .unknown) {
        self.linkState = linkState
        self.compatibility = compatibility
        self.batteryLevel = batteryLevel
        self.chargingState = chargingState
        self.donState = donState
        self.hingeState = hingeState
        self.thermalLevel = thermalLevel
    }
}

extension DATDevice {
    /// The device as the wire's `device` event carries it.
    public var snapshot: DeviceSnapshot {
        let state = state
        return DeviceSnapshot(identifier: identifier, name: name, type: deviceType(), linkState: state.linkState,
                              batteryLevel: state.batteryLevel, chargingState: state.chargingState, donState: state.donState,
                              hingeState: state.hingeState, thermalLevel: state.thermalLevel, compatibility: state.compatibility)
    }
}
