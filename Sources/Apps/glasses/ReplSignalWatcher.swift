import CTerminal
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import LuaHost
import WearablesCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The REPL's signals. Ctrl-C (SIGINT) interrupts the running chunk instead of
/// killing the process, and at the prompt cancels the line being typed. On a
/// terminal, Ctrl-Z (SIGTSTP) gives the terminal back in its own mode before
/// stopping and takes it again on `fg`, and a resize (SIGWINCH) reaches the
/// line editor.
///
/// The handlers (C) only write the signal's number to a pipe; a thread reads it
/// and acts, so nothing but async-signal-safe code runs in a handler, and every
/// handler is in place before the line editor starts.
enum ReplSignalWatcher {
    struct SetupError: Error, CustomStringConvertible {
        let code: Int32
        var description: String { "cannot watch for Ctrl-C: \(String(cString: strerror(code)))" }
    }

    /// `wake` must make the event loop return (a chunk may be parked in `wait`).
    static func start(
        handle: LuaInterruptHandle, reader: ReplLineReader, terminal: ReplTerminal?,
        wake: @escaping @Sendable () -> Void
    ) throws(SetupError) {
        let signals = terminal == nil ? [SIGINT] : [SIGINT, SIGTSTP, SIGWINCH]
        let pipe = gs_term_signal_pipe(signals, Int32(signals.count))
        guard pipe >= 0 else { throw SetupError(code: errno) }
        DetachedThread.start {
            var byte: UInt8 = 0
            while true {
                let count = read(pipe, &byte, 1)
                if count < 0, errno == EINTR { continue }
                guard count == 1 else { return }
                switch Int32(byte) {
                case SIGINT where reader.isReading && (terminal?.cancelLine() ?? true):
                    break
                case SIGINT:
                    handle.interrupt(message: "interrupted")
                    wake()
                case SIGTSTP:
                    terminal?.stopProcess()
                case SIGWINCH:
                    terminal?.resize()
                default:
                    break
                }
            }
        }
    }
}
