/// DAT 1.0 `AnyListenerToken`: cancels one listener. As in DAT, cancelling is `async`
/// and cancelling twice is harmless.
public protocol DATListenerToken: Sendable {
    func cancel() async
}

/// DAT 1.0 `Announcer<T>` (every `…Publisher` of MWDATCore, MWDATCamera and MWDATSpeech):
/// `listen` registers a listener and returns the token that ends it. Listeners may be
/// called on any thread, so they are `@Sendable`, as in DAT.
public protocol DATAnnouncer<Value>: Sendable {
    associatedtype Value: Sendable
    func listen(_ listener: @escaping @Sendable (Value) -> Void) -> any DATListenerToken
}
