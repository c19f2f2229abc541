import CLua
import CLuaShim

/// A coroutine the host runs: a script's main chunk or a callback. Host
/// functions may suspend it (``LuaReturn/suspend``); the host resumes it.
public final class LuaTask {
    public enum Status {
        /// Created, not yet resumed.
        case ready
        case running
        /// Waiting in a host function for ``LuaState/resume(_:with:)``, or preempted
        /// at the end of its time slice (``LuaState/sliceTasks(every:)``).
        case suspended
        case finished([LuaValue])
        case failed(LuaScriptError)
        /// The state was stopped (exit, limit, interrupt) while this task ran.
        case stopped(LuaStop)
    }

    let thread: OpaquePointer
    /// Registry ref anchoring the thread while the host holds the task.
    let anchor: Int32
    /// Arguments waiting on the thread's stack for the first resume.
    let initialArguments: Int32
    public internal(set) var status: Status = .ready
    /// The error a `<close>` handler raised as `os.exit(n, true)` closed this task.
    public internal(set) var closeError: LuaScriptError?

    init(thread: OpaquePointer, anchor: Int32, initialArguments: Int32) {
        self.thread = thread
        self.anchor = anchor
        self.initialArguments = initialArguments
    }

    /// True once the task finished, failed or was stopped.
    public var isDone: Bool {
        switch status {
        case .ready, .running, .suspended: false
        case .finished, .failed, .stopped: true
        }
    }
}

/// What one resume led to.
public enum LuaResumeResult {
    /// Waiting in a host function, which resumes it with the values it returns.
    case suspended
    /// Its time slice ran out (``LuaState/sliceTasks(every:)``): resume it with no
    /// values, after the host's other work, to go on where it was.
    case preempted
    case finished([LuaValue])
    case failed(LuaScriptError)
    case stopped(LuaStop)
}
