import CTerminal
import Foundation
import LuaHost

/// Turns Ctrl-C (SIGINT) into an interrupt of the running chunk instead of
/// killing the process; at the prompt it cancels the line being typed.
///
/// The signal handler (C) only writes to a pipe; a thread reads it and acts, so
/// nothing but async-signal-safe code runs in the handler, and the handler is in
/// place before the line editor starts.
enum ReplInterruptWatcher {
    struct SetupError: Error, CustomStringConvertible {
        let code: Int32
        var description: String { "cannot catch Ctrl-C: \(String(cString: strerror(code)))" }
    }

    /// `wake` must make the event loop return (a chunk may be parked in `wait`).
    static func start(
        handle: LuaInterruptHandle, reader: ReplLineReader, cancelLine: @escaping @Sendable () -> Void,
        wake: @escaping @Sendable () -> Void
    ) throws(SetupError) {
        let signals = gs_term_signal_pipe(SIGINT)
        guard signals >= 0 else { throw SetupError(code: errno) }
        Thread.detachNewThread {
            var byte: UInt8 = 0
            while true {
                let count = read(signals, &byte, 1)
                if count < 0, errno == EINTR { continue }
                guard count == 1 else { return }
                if reader.isReading {
                    cancelLine()
                } else {
                    handle.interrupt(message: "interrupted")
                    wake()
                }
            }
        }
    }
}
