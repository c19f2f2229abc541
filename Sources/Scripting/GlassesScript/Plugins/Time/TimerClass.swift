#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import LuaHost
import WearablesCore

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
