import CTerminal
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import GlassesScript
import LuaHost
import WearablesCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Ctrl-C (SIGINT) or SIGTERM during `glasses run`: the script is stopped as a
/// limit stops it, so the run ends through the host (output flushed, the trace
/// ended with its reason, recordings closed, exit 130 or 143) instead of the
/// process being killed mid-write. As with `--timeout`, a script still in Lua a
/// second later (where no hook reaches) is ended by the hard stop: the trace's
/// end record and the exit code are the same, the message says so.
enum RunInterrupts {
    /// The handler (C) only writes the signal's number to a pipe; a thread reads it and stops the state.
    static func watch(_ runtime: ScriptRuntime) {
        let signals = [SIGINT, SIGTERM]
        let pipe = signals.withUnsafeBufferPointer { gs_term_signal_pipe($0.baseAddress, Int32($0.count)) }
        guard pipe >= 0 else { return }  // the signals then kill the process, as they would without us
        // A parent may have spawned us with signals blocked (test runners do).
        var watched = sigset_t()
        sigemptyset(&watched)
        for signal in signals { sigaddset(&watched, signal) }
        pthread_sigmask(SIG_UNBLOCK, &watched, nil)
        let handle = runtime.state.interruptHandle
        let inbox = runtime.scheduler.inbox
        DetachedThread.start {
            var byte: UInt8 = 0
            while true {
                let count = read(pipe, &byte, 1)
                if count < 0, errno == EINTR { continue }
                guard count == 1 else { return }
                // Where no hook reaches (a pattern match, a long host call, a finalizer),
                // the timeout's hard stop ends the run a grace period later: the trace
                // ended with the signal, exit 130 or 143 all the same.
                if Int32(byte) == SIGTERM {
                    handle.terminate(message: "terminated (SIGTERM)", endingWithin: LuaInterruptHandle.stopGrace)
                } else {
                    handle.interrupt(message: "interrupted", endingWithin: LuaInterruptHandle.stopGrace)
                }
                inbox.post {}  // wakes a wall-clock loop waiting for its next event
            }
        }
    }

    /// Gives Ctrl-C back its default action, as lua.c does once its script has
    /// returned: no hook can stop the finalizers run as the state closes.
    static func release() { signal(SIGINT, SIG_DFL) }
}
