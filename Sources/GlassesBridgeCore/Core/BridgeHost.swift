import WearablesWire
import WireServing

/// The bridge as a wire host: clients' hellos, commands and departures go through the
/// mailbox to `BridgeCore`, which answers over DAT-shaped calls.
struct BridgeHost: WireHost {
    let mailbox: BridgeMailbox

    func join(_ client: Int, name: String, queue: OutboundQueue) {
        mailbox.enqueue { core in core.join(client, name: name, queue: queue) }
    }

    func handle(_ command: WireCommand, id: Int, from client: Int) {
        mailbox.enqueue { core in core.handle(command, id: id, from: client) }
    }

    func leave(_ client: Int) {
        mailbox.enqueue { core in core.leave(client) }
    }
}
