/// DAT's publisher shape: `listen` hands back a token whose `cancel()` ends delivery.
public protocol Announcer<T> {
    associatedtype T: Sendable
    func listen(_ listener: @escaping @Sendable (T) -> Void) -> any AnyListenerToken
}

/// What `Announcer.listen` and the `add…Listener` calls return.
public protocol AnyListenerToken: Sendable {
    func cancel() async
}
