import Dispatch
import Foundation
import LuaHost

/// Turns Ctrl-C (SIGINT) into an interrupt of the running chunk instead of
/// killing the process. At the prompt it does nothing, like lua5.4's.
final class ReplInterruptWatcher {
    private let source: DispatchSourceSignal

    /// `wake` must make the event loop return (a chunk may be parked in `wait`).
    init(handle: LuaInterruptHandle, reader: ReplLineReader, wake: @escaping @Sendable () -> Void) {
        signal(SIGINT, SIG_IGN)
        source = DispatchSource.makeSignalSource(signal: SIGINT, queue: .global())
        source.setEventHandler {
            guard !reader.isReading else { return }
            handle.interrupt(message: "interrupted")
            wake()
        }
        source.resume()
    }

    deinit { source.cancel() }
}
