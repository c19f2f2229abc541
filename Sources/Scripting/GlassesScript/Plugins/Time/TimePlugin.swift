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
