import Locking

/// The first of several racing results, handed to the one task that waits for it;
/// later ones are dropped. A link's attempt to connect races its own handshake
/// deadline with this, because the attempt itself may never end.
final class FirstOutcome<Value: Sendable>: Sendable {
    private enum Slot {
        case empty
        case waiting(CheckedContinuation<Value, Never>)
        case ready(Value)
        case taken
    }
    private let slot = Locked(Slot.empty)

    /// Offers a result: the first one offered is kept, the others are dropped.
    func offer(_ value: Value) {
        let waiter = slot.withLock { slot -> CheckedContinuation<Value, Never>? in
            switch slot {
            case .empty:
                slot = .ready(value)
                return nil
            case .waiting(let continuation):
                slot = .taken
                return continuation
            case .ready, .taken:
                return nil
            }
        }
        waiter?.resume(returning: value)
    }

    /// The first result offered, waiting for it if none was yet. Call once.
    func value() async -> Value {
        await withCheckedContinuation { continuation in
            let ready = slot.withLock { slot -> Value? in
                if case .ready(let value) = slot {
                    slot = .taken
                    return value
                }
                slot = .waiting(continuation)
                return nil
            }
            if let ready { continuation.resume(returning: ready) }
        }
    }
}
