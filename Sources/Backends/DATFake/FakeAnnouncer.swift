import DATInterface
import Locking

/// A DAT `Announcer` the fake fills: listeners are called on the emitting thread (the
/// simulated world's), in the order they were added, as DAT calls them on its own.
final class FakeAnnouncer<Value: Sendable>: DATAnnouncer, Sendable {
    private struct State {
        var listeners: [(id: Int, fn: @Sendable (Value) -> Void)] = []
        var nextID = 0
    }
    private let state = Locked(State())

    func listen(_ listener: @escaping @Sendable (Value) -> Void) -> any DATListenerToken {
        let id = state.withLock { state in
            defer { state.nextID += 1 }
            state.listeners.append((state.nextID, listener))
            return state.nextID
        }
        return FakeListenerToken { [weak self] in self?.state.withLock { $0.listeners.removeAll { $0.id == id } } }
    }

    /// Calls every listener with `value`.
    func emit(_ value: Value) {
        for listener in state.withLock({ $0.listeners.map(\.fn) }) { listener(value) }
    }
}

/// DAT's `AnyListenerToken` for the fake's listeners.
struct FakeListenerToken: DATListenerToken {
    let onCancel: @Sendable () -> Void
    func cancel() async { onCancel() }
}
