import LuaHost
import WearablesCore

/// What a waiting call ends with: the values it returns, or the error it raises
/// (a ``ScriptErrorConvertible`` reaches the script as its error value).
typealias WaitOutcome = Result<[LuaValue], any Error>

/// The waiting calls' two shapes, over ``ScriptRuntime/suspend(_:in:_:)``: an
/// operation that calls back once, and events (a frame, a state reached, a finish)
/// with an optional timeout. Each cleans up after itself however the wait ends
/// (done, timed out, or its task cancelled).
extension ScriptRuntime {
    /// Parks the calling task until `start`'s operation calls back; the call returns
    /// `values(success)` or raises the failure.
    func wait<Success, Failure: Error>(
        _ call: LuaCall, in name: String,
        for start: (_ done: @escaping (Result<Success, Failure>) -> Void) throws -> Void,
        returning values: @escaping (Success) -> [LuaValue] = { _ in [] }
    ) throws -> LuaReturn {
        try suspend(call, in: name) { resume in
            try start { resume($0.map(values).mapError { ScriptError.converting($0) }) }
            return nil
        }
    }

    /// Parks the calling task until a listener that `watch` adds calls `finish`, or
    /// `timeout` seconds pass: then it ends with `expired()` (by default it raises
    /// `StreamError.timeout`). Every listener and the timer are cancelled when it ends.
    func wait(
        _ call: LuaCall, in name: String, timeout: Double? = nil,
        expired: @escaping () -> WaitOutcome = { .failure(StreamError.timeout) },
        listening watch: (_ finish: @escaping (WaitOutcome) -> Void) throws -> [ListenerToken]
    ) throws -> LuaReturn {
        try suspend(call, in: name) { resume in
            let wait = PendingWait { resume($0.mapError { ScriptError.converting($0) }) }
            wait.hold(try watch { [weak wait] in wait?.finish($0) })
            if let timeout {
                wait.hold(timer: scheduler.schedule(after: timeout) { [weak wait] in wait?.finish(expired()) })
            }
            return { wait.cancel() }
        }
    }
}

/// One parked wait: it ends once, and ending releases everything it listens with.
private final class PendingWait {
    private var resume: ((WaitOutcome) -> Void)?
    private var tokens: [ListenerToken] = []
    private var timer: TimerToken?

    init(_ resume: @escaping (WaitOutcome) -> Void) {
        self.resume = resume
    }

    /// Keeps `tokens` until the wait ends (at once, when a listener already ended it).
    func hold(_ tokens: [ListenerToken]) {
        guard resume != nil else { return tokens.forEach { $0.cancel() } }
        self.tokens += tokens
    }

    func hold(timer: TimerToken) {
        guard resume != nil else { return timer.cancel() }
        self.timer = timer
    }

    func finish(_ outcome: WaitOutcome) {
        guard let resume else { return }
        cancel()
        resume(outcome)
    }

    func cancel() {
        resume = nil
        tokens.forEach { $0.cancel() }
        tokens = []
        timer?.cancel()
        timer = nil
    }
}
