/// A pair of glasses as the app sees it (DAT 1.0 `Device`). Updated by the model from
/// backend reports; listeners fire on the scheduler.
public final class Device {
    public private(set) var snapshot: DeviceSnapshot
    private let linkListeners: Broadcaster<LinkState>
    private let stateListeners: Broadcaster<Device>
    private let compatibilityListeners: Broadcaster<Compatibility>
    private let inputListeners: Broadcaster<DeviceInput>

    init(snapshot: DeviceSnapshot, scheduler: Scheduler) {
        self.snapshot = snapshot
        linkListeners = Broadcaster(scheduler: scheduler)
        stateListeners = Broadcaster(scheduler: scheduler)
        compatibilityListeners = Broadcaster(scheduler: scheduler)
        inputListeners = Broadcaster(scheduler: scheduler)
    }

    public var identifier: DeviceIdentifier { snapshot.identifier }
    /// Human-readable name; may be empty.
    public var name: String { snapshot.name }
    public var type: DeviceType { snapshot.type }
    public var linkState: LinkState { snapshot.linkState }
    /// 0-100, nil when unknown.
    public var batteryLevel: Int? { snapshot.batteryLevel }
    public var chargingState: ChargingState { snapshot.chargingState }
    public var donState: DonState { snapshot.donState }
    public var hingeState: HingeState { snapshot.hingeState }
    public var thermalLevel: ThermalLevel { snapshot.thermalLevel }
    public var compatibility: Compatibility { snapshot.compatibility }
    public var supportsDisplay: Bool { snapshot.type.supportsDisplay }
    public var isConnected: Bool { snapshot.linkState == .connected }

    /// The name, or the identifier when the name is empty.
    public func nameOrId() -> String { name.isEmpty ? identifier : name }

    /// Fires at once with the current link state, then on every change.
    public func addLinkStateListener(_ listener: @escaping (LinkState) -> Void) -> ListenerToken {
        linkListeners.add(current: linkState, listener)
    }

    /// Fires at once with this device, then whenever any of its fields changes.
    public func addStateListener(_ listener: @escaping (Device) -> Void) -> ListenerToken {
        stateListeners.add(current: self, listener)
    }

    public func addCompatibilityListener(_ listener: @escaping (Compatibility) -> Void) -> ListenerToken {
        compatibilityListeners.add(current: compatibility, listener)
    }

    /// Fires on each input from the wearer; inputs are events, so there is no current value.
    public func addInputListener(_ listener: @escaping (DeviceInput) -> Void) -> ListenerToken {
        inputListeners.add(listener)
    }

    func receive(_ input: DeviceInput) { inputListeners.emit(input) }

    public func linkStateStream() -> AsyncStream<LinkState> { linkListeners.stream(current: linkState) }

    /// Applies a backend report; returns whether anything changed.
    @discardableResult
    func update(_ new: DeviceSnapshot) -> Bool {
        let old = snapshot
        guard new != old else { return false }
        snapshot = new
        if new.linkState != old.linkState { linkListeners.emit(new.linkState) }
        if new.compatibility != old.compatibility { compatibilityListeners.emit(new.compatibility) }
        stateListeners.emit(self)
        return true
    }
}

extension DeviceSnapshot {
    /// The trace's view of a device.
    var traceValues: [(String, TraceValue)] {
        [("id", .string(identifier)), ("type", .string(type.name)), ("link", .string(linkState.name)),
         ("battery", batteryLevel.map(TraceValue.int) ?? .null), ("charging", .string(chargingState.name)),
         ("don", .string(donState.name)), ("hinge", .string(hingeState.name)),
         ("thermal", .string(thermalLevel.name)), ("compatibility", .string(compatibility.name))]
    }
}
