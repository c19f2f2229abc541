import WearablesModel

/// A device's DAT fields as they cross the wire; enum fields travel by name.
public struct WireDevice: Codable, Sendable, Equatable {
    public var id: String
    public var name: String
    public var type: String
    public var link: String
    public var battery: Int?
    public var charging: String
    public var don: String
    public var hinge: String
    public var thermal: String
    public var compatibility: String

    public init(_ snapshot: DeviceSnapshot) {
        id = snapshot.identifier
        name = snapshot.name
        type = snapshot.type.name
        link = snapshot.linkState.name
        battery = snapshot.batteryLevel
        charging = snapshot.chargingState.name
        don = snapshot.donState.name
        hinge = snapshot.hingeState.name
        thermal = snapshot.thermalLevel.name
        compatibility = snapshot.compatibility.name
    }

    /// The snapshot, with unknown names read as DAT's `unknown`/`undefined` cases
    /// (a newer peer may add values).
    public var snapshot: DeviceSnapshot {
        DeviceSnapshot(
            identifier: id, name: name, type: DeviceType(name: type) ?? .unknown,
            linkState: LinkState(name: link) ?? .disconnected, batteryLevel: battery,
            chargingState: ChargingState(name: charging) ?? .unknown, donState: DonState(name: don) ?? .unknown,
            hingeState: HingeState(name: hinge) ?? .unknown, thermalLevel: ThermalLevel(name: thermal) ?? .unknown,
            compatibility: Compatibility(name: compatibility) ?? .undefined)
    }
}
