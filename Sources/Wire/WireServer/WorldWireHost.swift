import WearablesCore
import WearablesWire
import WireServing

/// A served world as a wire host: each client's hello, commands and leaving are posted onto
/// the world's thread (its scheduler's inbox), where ``WorldWireServer`` runs them in order.
public struct WorldWireHost: WireHost {
    private let server: SchedulerBound<WorldWireServer>
    private let inbox: SchedulerInbox

    /// Call on the world's thread, where `server` was made.
    public init(_ server: WorldWireServer) {
        self.server = SchedulerBound(server, on: server.world.scheduler)
        inbox = server.world.scheduler.inbox
    }

    public func join(_ client: Int, name: String, queue: OutboundQueue) {
        let server = server
        inbox.post { server.open().join(client, name: name, queue: queue) }
    }

    public func handle(_ command: WireCommand, id: Int, from client: Int) {
        let server = server
        inbox.post { server.open().handle(command, id: id, from: client) }
    }

    public func leave(_ client: Int) {
        let server = server
        inbox.post { server.open().leave(client) }
    }
}
