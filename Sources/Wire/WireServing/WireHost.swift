import WearablesWire

/// A world that wire clients drive: `glasses serve`'s simulated world, or the bridge's
/// DAT-shaped one. The connection calls these from its own task, in the client's order;
/// a host hands them to whatever owns its world (a thread, an actor) and answers
/// through the client's queue.
public protocol WireHost: Sendable {
    /// A client said hello: send it `hello` on `queue` before any event.
    func join(_ client: Int, name: String, queue: OutboundQueue)
    /// A client's command; its reply (if one ever comes) goes on the client's queue.
    func handle(_ command: WireCommand, id: Int, from client: Int)
    /// The client left: release what it held (streams, sessions).
    func leave(_ client: Int)
}
