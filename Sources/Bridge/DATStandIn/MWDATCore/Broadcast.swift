import Synchronization

/// The stand-in's `Announcer`: a test publishes a value and every listener hears it at
/// once, on the publishing thread, so a test sees the consequences before its next line.
package final class Broadcast<T: Sendable>: Announcer, Sendable {
    private struct Listeners {
        var next: UInt64 = 0
        var byToken: [UInt64: @Sendable (T) -> Void] = [:]
    }

    private let listeners = Mutex(Listeners())

    package init() {}

    package func listen(_ listener: @escaping @Sendable (T) -> Void) -> any AnyListenerToken {
        let key = listeners.withLock { state in
            state.next += 1
            state.byToken[state.next] = listener
            return state.next
        }
        return BroadcastToken { [weak self] in self?.remove(key) }
    }

    /// Delivers `value` to the listeners registered now (copied out, so a listener may
    /// listen or cancel without deadlocking).
    package func publish(_ value: T) {
        let current = listeners.withLock { state in state.byToken.sorted { $0.key < $1.key }.map(\.value) }
        for listener in current { listener(value) }
    }

    private func remove(_ key: UInt64) {
        _ = listeners.withLock { $0.byToken.removeValue(forKey: key) }
    }
}

/// A `Broadcast` listener's token.
package struct BroadcastToken: AnyListenerToken {
    let onCancel: @Sendable () -> Void

    package func cancel() async { onCancel() }
}
