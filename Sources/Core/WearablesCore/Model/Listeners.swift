/// Cancels a listener. Cancelling twice is harmless. The listener stays registered
/// until `cancel()` is called (it does not die with the token), so bindings decide
/// lifetimes explicitly.
public final class ListenerToken {
    private var onCancel: (() -> Void)?
    /// A token that runs `onCancel` once, on the first `cancel()`.
    public init(onCancel: @escaping () -> Void) { self.onCancel = onCancel }
    public var isCancelled: Bool { onCancel == nil }
    public func cancel() {
        let action = onCancel
        onCancel = nil
        action?()
    }
}

/// Listeners for one kind of value. Deliveries happen as scheduler events at the
/// current time, never inside the caller's mutation, so callbacks (and Lua
/// coroutines) always see a consistent model and run in a deterministic order.
/// Listeners of one kind of value, delivered on the scheduler; public for the capability
/// modules over the core (Display), which report their states the same way.
public final class Broadcaster<Value> {
    private var listeners: [(id: Int, fn: (Value) -> Void)] = []
    private var nextID = 0
    private let scheduler: Scheduler

    public init(scheduler: Scheduler) { self.scheduler = scheduler }

    public var isEmpty: Bool { listeners.isEmpty }

    /// Adds `fn`; when `current` is given it is delivered at once (on the scheduler), DAT style.
    public func add(current: Value? = nil, _ fn: @escaping (Value) -> Void) -> ListenerToken {
        let id = nextID
        nextID += 1
        listeners.append((id, fn))
        if let current {
            scheduler.schedule(after: 0) { [weak self] in
                if self?.isLive(id) == true { fn(current) }
            }
        }
        return ListenerToken { [weak self] in self?.listeners.removeAll { $0.id == id } }
    }

    /// Queues `value` for everyone listening now.
    public func emit(_ value: Value) {
        guard !listeners.isEmpty else { return }
        let ids = listeners.map(\.id)
        scheduler.schedule(after: 0) { [weak self] in self?.deliver(value, to: ids) }
    }

    /// Delivers immediately; only for callers that already run as their own scheduler
    /// event (frame ticks), where queuing again would only cost time.
    func emitNow(_ value: Value) {
        deliver(value, to: listeners.map(\.id))
    }

    private func deliver(_ value: Value, to ids: [Int]) {
        for id in ids {
            if let entry = listeners.first(where: { $0.id == id }) { entry.fn(value) }
        }
    }

    private func isLive(_ id: Int) -> Bool { listeners.contains { $0.id == id } }
}

extension Broadcaster where Value: Sendable {
    /// An AsyncStream over this broadcaster for Swift callers; ends when the consumer stops.
    func stream(current: Value?) -> AsyncStream<Value> {
        let (stream, continuation) = AsyncStream<Value>.makeStream(bufferingPolicy: .unbounded)
        let token = add(current: current) { continuation.yield($0) }
        let cancel = SchedulerBound(token, on: scheduler)
        let inbox = scheduler.inbox
        continuation.onTermination = { _ in inbox.post { cancel.open().cancel() } }
        return stream
    }
}
