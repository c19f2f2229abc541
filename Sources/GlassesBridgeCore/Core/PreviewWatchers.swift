import Locking
import WearablesWire
import WireServing

/// The clients that watch every stream's frames (`watch_previews`, a dashboard's preview),
/// read by the frame listeners as each frame comes: each stream is thinned to at most
/// `WireProtocol.previewFrameRate` frames a second per watcher, and a watcher without room
/// gets none, as `glasses serve` does.
final class PreviewWatchers: Sendable {
    private struct Watcher {
        let queue: OutboundQueue
        /// Each stream's timestamp last sent to this watcher.
        var sent: [Int: Double] = [:]
    }
    private let watchers = Locked<[Int: Watcher]>([:])

    func watch(_ watch: Bool, client: Int, queue: OutboundQueue) {
        watchers.withLock { $0[client] = watch ? Watcher(queue: queue) : nil }
    }

    /// The queues due a frame of `stream` (owned by `owner`) at `timestamp`; marks them sent.
    func due(stream: Int, owner: Int, at timestamp: Double) -> [OutboundQueue] {
        let interval = 1 / WireProtocol.previewFrameRate
        return watchers.withLock { watchers in
            var due: [OutboundQueue] = []
            for (client, watcher) in watchers where client != owner && watcher.queue.hasRoomForFrame {
                // A little slack, so a 15 fps stream is not thinned by timestamp rounding.
                if let last = watcher.sent[stream], timestamp - last < interval * 0.9 { continue }
                watchers[client]?.sent[stream] = timestamp
                due.append(watcher.queue)
            }
            return due
        }
    }
}
