/// A value read and changed whole by any thread: `Synchronization.Atomic`'s few operations
/// that this project uses, over `Locked` (so sequentially consistent, and portable below iOS 18).
public final class AtomicValue<Value: Equatable & Sendable>: Sendable {
    private let storage: Locked<Value>

    public init(_ value: Value) { storage = Locked(value) }

    public func load() -> Value { storage.withLock { $0 } }

    public func store(_ value: Value) { storage.withLock { $0 = value } }

    /// Stores `value`; returns what was there before.
    public func exchange(_ value: Value) -> Value {
        storage.withLock { current in
            defer { current = value }
            return current
        }
    }

    /// Stores `desired` only if the value is `expected`; says whether it did, and what was there.
    public func compareExchange(expected: Value, desired: Value) -> (exchanged: Bool, original: Value) {
        storage.withLock { current in
            let original = current
            if current == expected { current = desired }
            return (original == expected, original)
        }
    }
}

extension AtomicValue where Value: FixedWidthInteger {
    /// Adds `amount` (wrapping); returns the value before.
    @discardableResult
    public func add(_ amount: Value) -> Value {
        storage.withLock { current in
            defer { current &+= amount }
            return current
        }
    }

    /// Subtracts `amount` (wrapping); returns the value before.
    @discardableResult
    public func subtract(_ amount: Value) -> Value {
        storage.withLock { current in
            defer { current &-= amount }
            return current
        }
    }
}
