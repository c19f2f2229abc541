import WearablesModel

/// The controls of a simulated world (DAT's MockDeviceKit and ours), wherever the
/// simulator runs: in this process, or served and reached over a connection. The Lua
/// `mock` module, chaos faults and the consoles use only this, so each behaves the
/// same in both places.
public protocol MockControl: AnyObject {
    /// The glasses as the mock knows them, in pairing order.
    var paired: [MockGlassesState] { get }
    /// Applies `action`; `done` runs once with the affected glasses as they are after
    /// it (nil when the action is not about one pair, or unpaired it). In process it
    /// runs before `perform` returns; over a connection, when the served world replies.
    func perform(_ action: MockAction, done: @escaping (Result<MockGlassesState?, MockActionError>) -> Void)
}

extension MockControl {
    /// The glasses `id` as the mock knows them now; nil once unpaired.
    public func state(of id: DeviceIdentifier) -> MockGlassesState? { paired.first { $0.id == id } }
}
