import Synchronization

public typealias DeviceIdentifier = String

/// A pair of glasses the Meta AI app knows. A test makes one and changes its state;
/// state listeners hear each change.
public final class Device: Sendable {
    public let identifier: DeviceIdentifier
    private let displayName: String
    private let type: DeviceType
    private let current: Mutex<DeviceState>
    private let stateChanges = Broadcast<DeviceState>()

    package init(identifier: DeviceIdentifier, name: String, type: DeviceType, state: DeviceState) {
        self.identifier = identifier
        self.displayName = name
        self.type = type
        self.current = Mutex(state)
    }

    public var name: String { displayName }
    public var linkState: LinkState { current.withLock { $0.linkState } }
    public var batteryLevel: Int? { current.withLock { $0.batteryLevel } }
    public var chargingState: ChargingState { current.withLock { $0.chargingState } }
    public var donState: DonState { current.withLock { $0.donState } }
    public var hingeState: HingeState { current.withLock { $0.hingeState } }
    public var thermalLevel: ThermalLevel { current.withLock { $0.thermalLevel } }

    public func addDeviceStateListener(_ listener: @escaping @Sendable (DeviceState) -> Void) -> any AnyListenerToken {
        stateChanges.listen(listener)
    }

    public func deviceType() -> DeviceType { type }

    public func compatibility() -> Compatibility { current.withLock { $0.compatibility } }

    /// The glasses report a new state (the test's hand on the mock).
    package func report(_ state: DeviceState) {
        current.withLock { $0 = state }
        stateChanges.publish(state)
    }
}
