#if canImport(MWDATCore)
import MWDATCamera
import Locking

/// The camera streams the adapter started, so an app can stop them all when it leaves the
/// foreground: iOS suspending the app mid-stream leaves the glasses stuck broadcasting until
/// they are closed in their case (facebook/meta-wearables-dat-ios#231). Held weakly: a stream DAT let go of
/// is not kept alive for this.
final class MetaStreams: Sendable {
    private struct Entry {
        weak var stream: MWDATCamera.Stream?
    }

    private let entries = Locked<[Entry]>([])

    func add(_ stream: MWDATCamera.Stream) {
        entries.withLock { entries in
            entries.removeAll { $0.stream == nil }
            entries.append(Entry(stream: stream))
        }
    }

    /// Stops every stream that is not stopped; the bridge hears each stop on its state publisher.
    func stopAll() {
        let running = entries.withLock { $0.compactMap(\.stream) }.filter { $0.state != .stopped }
        for stream in running { stream.stop() }
    }
}
#endif
