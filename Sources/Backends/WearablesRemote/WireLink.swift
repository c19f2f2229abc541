import WearablesWire

/// Where a ``RemoteBackend``'s messages go and come from: a WebSocket to a served world
/// (``RemoteLink``), or a session recording played back (``ReplayLink``).
protocol WireLink: AnyObject {
    /// The world's address, as messages name it.
    var url: String { get }
    /// Where incoming messages go; what arrived before a target was set is handed over first.
    func setTarget(_ deliver: @escaping @Sendable (RemoteLink.Incoming) -> Void)
    /// Sends a message; false when there is no connection to send it on.
    @discardableResult
    func send(_ message: ClientMessage) -> Bool
    /// Ends the link for good.
    func stop()
}

extension RemoteLink: WireLink {}
