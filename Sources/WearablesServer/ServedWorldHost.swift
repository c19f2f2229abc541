import WearablesWire
import WireServing

/// The simulated world as a wire host: each client's hello, commands and leaving are
/// posted onto the world's thread, where `WorldBridge` runs them in order.
struct ServedWorldHost: WireHost {
    let served: ServedWorld
    let bridge: WorldBridge

    func join(_ client: Int, name: String, queue: OutboundQueue) {
        let bridge = bridge
        served.post { _ in bridge.join(client, name: name, queue: queue) }
    }

    func handle(_ command: WireCommand, id: Int, from client: Int) {
        let bridge = bridge
        served.post { _ in bridge.handle(command, id: id, from: client) }
    }

    func leave(_ client: Int) {
        let bridge = bridge
        served.post { _ in bridge.leave(client) }
    }
}
