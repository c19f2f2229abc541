import Locking

/// Collects what a listener hears. The stand-in calls listeners on the publishing
/// thread, so a test reads the recording right after its own action.
final class Recorder<Value: Sendable>: Sendable {
    private let values = Locked<[Value]>([])

    var heard: [Value] { values.withLock { $0 } }

    var listener: @Sendable (Value) -> Void {
        { [weak self] value in self?.values.withLock { $0.append(value) } }
    }
}
