import Dispatch
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import GlassesScript
import LuaHost
import Locking
import WearablesCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs the REPL: the event loop on this thread, line reading on another, and
/// Ctrl-C turned into an interrupt of the running chunk.
final class ReplLoop {
    private let runtime: ScriptRuntime
    private let session: ReplSession
    private let duration: Double?
    private let timeout: Double?
    private let terminal: ReplTerminal?
    private let reader: ReplLineReader

    /// `duration` (`--for`) and `timeout` (`--timeout`) both count on the wall clock here.
    init(runtime: ScriptRuntime, session: ReplSession, duration: Double?, timeout: Double?) throws {
        self.runtime = runtime
        self.session = session
        self.duration = duration
        self.timeout = timeout
        let terminal = isatty(STDIN_FILENO) != 0 ? try ReplTerminal() : nil
        do {
            let reader = try ReplLineReader(terminal: terminal)
            let inbox = runtime.scheduler.inbox
            let target = SchedulerBound(session, on: runtime.scheduler)
            try ReplSignalWatcher.start(
                handle: runtime.state.interruptHandle, reader: reader, terminal: terminal,
                wake: { inbox.post { target.open().runtime.scheduler.stop() } })
            self.reader = reader
        } catch {
            terminal?.finish()  // gives stdout and stderr back, so the error is seen
            throw error
        }
        self.terminal = terminal
    }

    /// How the session ended: success after `.quit` or end of input, `exit(n)`, or a limit.
    func run() -> ExitStatus {
        // A parent may have spawned us with signals blocked (test runners do); Ctrl-C, Ctrl-Z
        // and resizes must arrive.
        var watched = sigset_t()
        sigemptyset(&watched)
        for signal in [SIGINT, SIGTSTP, SIGWINCH] { sigaddset(&watched, signal) }
        pthread_sigmask(SIG_UNBLOCK, &watched, nil)
        let scheduler = runtime.scheduler
        let inbox = scheduler.inbox
        let target = SchedulerBound(session, on: runtime.scheduler)
        session.onReady = { [reader, session] in
            reader.request(prompt: session.prompt) { input in
                inbox.post {
                    switch input {
                    case .line(let line): target.open().submit(line)
                    case .cancelled: target.open().discardInput()
                    case .end: target.open().endOfInput()
                    }
                }
            }
        }
        ReplLineEditor.completer.withLock { completer in
            completer = { word in
                let result = CompletionResult()
                inbox.post {
                    result.candidates.withLock { $0 = target.open().completions(for: word) }
                    result.done.signal()
                }
                // A chunk that holds the loop, or a loop that has ended, must not freeze the
                // line editor: past the wait, Tab offers nothing.
                guard result.done.wait(timeout: .now() + CompletionResult.patience) == .success else { return [] }
                return result.candidates.withLock { $0 }
            }
        }
        scheduler.beginExternalInput()
        if reader.interactive {
            ReplTerminalOutput.output.standard("glasses repl: Lua 5.4 with the simulated glasses. .help for help, .quit to leave.\n")
        }
        session.onReady?()
        let end = min(duration ?? .infinity, timeout ?? .infinity)
        let deadline = scheduler.now + end
        var reason = Scheduler.StopReason.stopped
        while !session.hasQuit {
            reason = scheduler.run(until: deadline)
            session.recoverFromStop()  // a limit the state hit says so itself and quits
            if reason == .deadline || reason == .idle { break }
        }
        scheduler.endExternalInput()
        runtime.flush()
        LuaConsole.flushOutput()
        terminal?.finish()
        // After the terminal is given back: the deadline's line starts a line, and
        // finalizers' output is plain output.
        let status = endStatus(reason: reason, end: end)
        // A finalizer that exits or hits a limit while the state closes has the last word.
        let closed = runtime.close(LuaRunOutcome(.success))
        return closed.status == .success ? status : ExitStatus(closed.status)
    }

    /// How the session ends, with one line when its own deadline (--for, --timeout) ended it.
    private func endStatus(reason: Scheduler.StopReason, end: Double) -> ExitStatus {
        guard !session.hasQuit, reason == .deadline else { return session.exitStatus }
        if let timeout, timeout <= (duration ?? .infinity) {
            ReplTerminalOutput.output.error("\(lineStart)glasses: time limit of \(Self.format(timeout)) s (--timeout) exceeded\n")
            return .limit
        }
        ReplTerminalOutput.output.error("\(lineStart)glasses: the session's \(Self.format(end)) s (--for) are over\n")
        return .success
    }

    /// At a prompt the cursor is mid-line: the ending's line starts on a fresh one.
    private var lineStart: String { reader.interactive ? "\n" : "" }

    private static func format(_ seconds: Double) -> String { String(cFormat: "%g", seconds) }
}

/// Candidates computed on the scheduler's thread for the reader thread. The reader may
/// have stopped waiting when they arrive, so they cross behind a lock.
private final class CompletionResult: Sendable {
    /// Wall seconds the reader waits for the loop to answer a Tab.
    static let patience: Double = 0.5
    let candidates = Locked<[String]>([])
    let done = DispatchSemaphore(value: 0)
}
