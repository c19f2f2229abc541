import LuaHost
import WearablesCore

/// The properties a run can fail on besides its own asserts: the script's
/// `expect(name, fn)` checks, called after every event that changed something
/// (see `changed`), and the built-in
/// checks, which follow the run's events (sessions, cameras, captures, chaos
/// faults) through the trace's observer. The first failure ends the run with
/// ``exitCode``, says which check and why on stderr, and is recorded in the trace.
final class RunChecks {
    /// The exit code of a run a check failed: distinct from an uncaught error (1), so a sweep's outcomes tell them apart.
    static let exitCode: Int32 = 4

    private unowned let runtime: ScriptRuntime
    private var scripted: [(name: String, check: LuaRef)] = []
    private var builtIns: [BuiltInCheck] = []
    private var hooked = false
    private var failed = false
    /// Whether anything a check can see may have changed since the last look: an event was
    /// traced, or Lua code ran. Frames nobody reads change neither, and a 30 fps stream
    /// would otherwise call every check 30 times a second for nothing.
    private var changed = true
    private var lastLuaSteps = 0

    init(runtime: ScriptRuntime) { self.runtime = runtime }

    func add(_ name: String, _ check: LuaRef) {
        scripted.append((name, check))
        hook()
    }

    func add(_ check: BuiltInCheck) {
        builtIns.append(check)
        hook()
    }

    /// Installs the hooks on first use, so a run without checks costs nothing per event.
    private func hook() {
        guard !hooked else { return }
        hooked = true
        let previous = runtime.trace.observer
        runtime.trace.observer = { [weak self] source, event, values in
            previous?(source, event, values)
            self?.changed = true
            self?.observe(source, event, values)
        }
        runtime.scheduler.afterEvent = { [weak self] in self?.checkScripted() }
    }

    private func observe(_ source: String, _ event: String, _ values: [(String, TraceValue)]) {
        guard !failed else { return }
        let record = TraceRecord(time: runtime.scheduler.now, source: source, event: event, values: values)
        for check in builtIns {
            if let problem = check.observe(record, schedule: { [weak self] delay, verify in
                self?.runtime.scheduler.schedule(after: delay) { [weak self] in
                    guard let self, !self.failed, let problem = verify() else { return }
                    self.fail(check.name, problem)
                }
            }) {
                return fail(check.name, problem)
            }
        }
    }

    /// Calls each script check; a false or nil result (its second result is the message) or an error fails it.
    private func checkScripted() {
        guard !failed, !scripted.isEmpty, !runtime.state.isStopped else { return }
        guard changed || runtime.luaSteps != lastLuaSteps else { return }
        changed = false
        lastLuaSteps = runtime.luaSteps
        for (name, check) in scripted {
            do {
                let results = try runtime.state.call(check)
                switch results.first ?? .nil {
                case .nil, .boolean(false):
                    return fail(name, results.dropFirst().first?.string ?? "it returned \(results.first.map { $0.isNil ? "nil" : "false" } ?? "nothing")")
                default: continue
                }
            } catch {
                return fail(name, "it raised: \(error.message)")
            }
        }
    }

    private func fail(_ name: String, _ message: String) {
        guard !failed else { return }
        failed = true
        let time = ScriptRuntime.format(runtime.scheduler.now)
        LuaConsole.flushOutput()
        LuaConsole.writeError("glasses: check '\(name)' failed at \(time) s: \(message)\n")
        runtime.trace.record(source: "check", event: "failed", values: ["name": .string(name), "message": .string(message)])
        runtime.state.exit(code: Self.exitCode)
        runtime.scheduler.stop()
    }
}

/// One trace event as the checks see it.
struct TraceRecord {
    let time: Double
    let source: String
    let event: String
    let values: [(String, TraceValue)]

    func string(_ key: String) -> String? {
        guard case .string(let value)? = values.first(where: { $0.0 == key })?.1 else { return nil }
        return value
    }
}
