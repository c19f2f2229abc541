#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import LuaHost
import WearablesCore

/// Time and tasks: `now`, `wait`, `spawn`, `after`, `every`, `exit`, in the
/// spirit of mpv's timers. All of them run on the run's clock (virtual or wall).
struct TimePlugin: GlassesPlugin {
    func install(in runtime: ScriptRuntime) throws(LuaScriptError) {
        let state = runtime.state
        try state.register(ScriptTaskHandle.luaClass)
        try state.register(TimerHandle.luaClass)
        for function in functions(runtime) { try state.register(function) }
    }

    private func functions(_ runtime: ScriptRuntime) -> [LuaFunction] {
        [
            LuaFunction(name: "now", returns: [.number], doc: "Seconds since the run started, on the run's clock.") {
                [unowned runtime] _ in .value(.number(runtime.scheduler.now))
            },
            LuaFunction(name: "wait", parameters: [LuaParameter("seconds", .number, in: 0...Double.infinity)], doc: "Suspend the current task for `seconds`.") {
                [unowned runtime] call in
                let seconds = try Self.seconds(call, 1)
                return try runtime.suspend(call, in: "wait") { resume in
                    let timer = runtime.scheduler.schedule(after: seconds) { resume(.success([])) }
                    return { timer.cancel() }
                }
            },
            LuaFunction(
                name: "spawn",
                parameters: [LuaParameter("fn", .function), .rest()],
                returns: [.named("Task")],
                doc: "Run `fn(...)` as a new task, starting as soon as the caller waits or returns."
            ) { [unowned runtime] call in
                let function = try call.function(1)
                var arguments: [LuaValue] = []
                if call.count > 1 { for n in 2...call.count { arguments.append(try call.value(n)) } }
                let task = try runtime.spawn(function, arguments, label: "task")
                return .value(.object(ScriptTaskHandle(task: task, runtime: runtime)))
            },
            LuaFunction(
                name: "after",
                parameters: [LuaParameter("seconds", .number, in: 0...Double.infinity), LuaParameter("fn", .function)],
                returns: [.named("Timer")],
                doc: "Call `fn` once, `seconds` from now."
            ) { [unowned runtime] call in
                let seconds = try Self.seconds(call, 1)
                let function = try call.function(2)
                return .value(.object(try TimerHandle(runtime: runtime, delay: seconds, repeating: false, function: function, at: call.callerLine)))
            },
            LuaFunction(
                name: "every",
                // An interval of 0, or below the clock's resolution, would fire forever at one instant.
                parameters: [
                    LuaParameter("seconds", .number, in: Scheduler.resolution...Double.infinity, because: "the clock's resolution"),
                    LuaParameter("fn", .function),
                ],
                returns: [.named("Timer")],
                doc: "Call `fn` every `seconds`, first `seconds` from now, until the timer is cancelled."
            ) { [unowned runtime] call in
                let seconds = try Self.seconds(call, 1)
                let function = try call.function(2)
                return .value(.object(try TimerHandle(runtime: runtime, delay: seconds, repeating: true, function: function, at: call.callerLine)))
            },
            LuaFunction(
                name: "exit",
                parameters: [.optional("code", .union([.integer, .boolean]))],
                doc: "End the run now with this exit code (default 0; true is 0, false is 1)."
            ) { [unowned runtime] call in
                var code: Int32 = 0
                if call.typeName(1) == "boolean" {
                    code = try call.boolean(1) ? 0 : 1
                } else if let value = try call.optionalInteger(1) {
                    // A process exit status is 0..255: the system keeps the low byte, so exit(256) would read as success.
                    guard (0...255).contains(value) else {
                        throw LuaArgumentError(argument: 1, message: "exit code must be an integer from 0 to 255, got \(value)")
                    }
                    code = Int32(value)
                }
                runtime.trace.record(source: "script", event: "exit", values: ["code": .int(Int(code))])
                runtime.lastExit = (call.callerLine, nil)
                runtime.state.exit(code: code)
                return .none
            },
        ]
    }

    /// A delay in seconds: finite, and either 0 (as soon as the caller yields) or
    /// at least the clock's resolution, which is the shortest step time can take.
    static func seconds(_ call: LuaCall, _ n: Int) throws -> Double {
        let seconds = try call.number(n)
        guard seconds.isFinite, seconds >= 0 else {
            throw LuaArgumentError(argument: n, message: "seconds must be a finite number >= 0, got \(seconds)")
        }
        guard seconds == 0 || seconds >= Scheduler.resolution else {
            throw LuaArgumentError(
                argument: n,
                message: "\(seconds) s is below the clock's resolution of \(Scheduler.resolution) s (use 0 to yield, or at least \(Scheduler.resolution))")
        }
        return seconds
    }
}

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
        case .cancelled: .failure(JoinError.cancelled.scriptError)
        default: .failure(failure())
        }
    }

    /// Why `task:join()` has no results.
    enum JoinError: ScriptErrorConvertible {
        case cancelled

        var scriptError: ScriptError { ScriptError(domain: "ScriptError", code: "cancelled", message: "the joined task was cancelled") }
    }

    /// The failed task's own error value, to raise again in the joiner.
    func failure() -> ScriptError {
        ScriptError(raising: task.error?.value ?? .string("the task failed"), message: task.error?.message ?? "the task failed")
    }
}

/// What `after` and `every` return. A live timer keeps the run going.
final class TimerHandle {
    private var token: TimerToken?
    private unowned let runtime: ScriptRuntime
    let delay: Double
    let repeating: Bool
    private let function: LuaRef
    /// The path rule of the code that set the timer (a recipe's own).
    private let paths: PathPolicy?
    /// The scheduler's memory for a live timer, counted against `--max-memory`
    /// even when the script dropped the handle.
    private var charge: LuaMemoryCharge?

    /// Host memory of one live timer: this object, its scheduled event and closure, the callback's ref.
    static let memoryCost = 256

    init(runtime: ScriptRuntime, delay: Double, repeating: Bool, function: LuaRef, at line: String?) throws {
        charge = try runtime.state.chargeMemory(Self.memoryCost, for: "timers")
        self.runtime = runtime
        self.delay = delay
        self.repeating = repeating
        self.function = function
        paths = runtime.runningPaths
        let what = "\(repeating ? "every" : "after")(\(String(cFormat: "%g", delay)), fn)"
        runtime.keep(self, line.map { "\($0): \(what)" } ?? what)
        arm()
    }

    var isActive: Bool { token != nil }

    private func arm() {
        token = runtime.scheduler.schedule(after: delay) { [self] in
            if repeating { arm() } else { finish() }
            runtime.invoke(function, [], label: repeating ? "every() callback" : "after() callback", paths: paths)
        }
    }

    func cancel() {
        token?.cancel()
        finish()
    }

    private func finish() {
        guard token != nil else { return }
        token = nil
        charge = nil
        runtime.release(self)
    }

    static var luaClass: LuaClass<TimerHandle> {
        LuaClass(
        TimerHandle.self, name: "Timer", doc: "A pending after() or every() call.",
        methods: [
            .method("cancel", doc: "Stop the timer.") { timer, _ in
                timer.cancel()
                return .none
            }
        ],
        fields: [
            LuaField(name: "active", type: .boolean, doc: "False once fired (after) or cancelled.") { .boolean($0.isActive) }
        ],
        describe: { "Timer \($0.repeating ? "every" : "after") \($0.delay) s \($0.isActive ? "active" : "done")" })
    }
}
