#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import LuaHost
import WearablesCore

/// What `spawn` returns: `task.status`, `task:join()`, `task:cancel()`.
final class ScriptTaskHandle {
    let task: ScriptTask
    private unowned let runtime: ScriptRuntime

    init(task: ScriptTask, runtime: ScriptRuntime) {
        self.task = task
        self.runtime = runtime
    }

    static var luaClass: LuaClass<ScriptTaskHandle> {
        LuaClass(
        ScriptTaskHandle.self, name: "Task", doc: "A function running as its own task.",
        methods: [
            .method("cancel", doc: "Stop the task; what it waits on is abandoned.") { handle, _ in
                handle.runtime.cancel(handle.task)
                return .none
            },
            .method(
                "join", returns: [.variadic(.any)], doc: "Wait for the task to end; returns its results or raises its error."
            ) { handle, call in
                let task = handle.task
                if task.isFinished { return .values(try handle.outcome.get()) }
                return try handle.runtime.wait(call, in: "join", for: { done in task.joiners.append { done(handle.outcome) } }) { $0 }
            },
        ],
        fields: [
            LuaField(name: "status", type: .strings(["ready", "running", "waiting", "done", "failed", "cancelled"]),
                     doc: "Where the task is in its life.") { .string($0.task.status.rawValue) }
        ],
        describe: { "Task \($0.task.status.rawValue)" })
    }

    /// What `join()` returns (the task's results) or raises, once the task is finished.
    private var outcome: Result<[LuaValue], ScriptError> {
        switch task.status {
        case .done: .success(task.results)
        case .cancelled: .failure(BindingError.cancelled("the joined task was cancelled").scriptError)
        default: .failure(failure())
        }
    }

    /// The failed task's own error value, to raise again in the joiner.
    func failure() -> ScriptError {
        ScriptError(raising: task.error?.value ?? .string("the task failed"), message: task.error?.message ?? "the task failed")
    }
}
