import LuaHost

/// A Lua coroutine the runtime drives: the main chunk, a `spawn`ed function, or
/// one call of a callback. Waiting calls park it; scheduler events resume it.
public final class ScriptTask {
    public enum Status: String {
        case ready, running, waiting, done, failed, cancelled
    }

    let luaTask: LuaTask
    /// Order of creation: tasks still pending when a run ends close newest first.
    let serial: Int
    /// What the task is, for error reports: "main chunk", "task", "frame callback".
    let label: String
    public internal(set) var status: Status = .ready
    var results: [LuaValue] = []
    var error: LuaScriptError?
    /// Undoes what the task waits on (a timer, a listener) when it is cancelled.
    var cancelWait: (() -> Void)?
    /// Bumped on every suspension, so a late completion for an old wait is ignored.
    var waitGeneration = 0
    /// Tasks blocked in `task:join()` on this one.
    var joiners: [() -> Void] = []
    /// Runs once, the first time the task returns or suspends (ends a borrowed frame).
    var afterFirstStep: (() -> Void)?
    /// The path rule of the code in this task when it differs from the run's (a
    /// recipe narrower than its caller); inherited by what the task starts.
    let paths: PathPolicy?

    init(luaTask: LuaTask, serial: Int, label: String, paths: PathPolicy?) {
        self.luaTask = luaTask
        self.serial = serial
        self.label = label
        self.paths = paths
    }

    var isFinished: Bool { status == .done || status == .failed || status == .cancelled }
}
