#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import LuaHost
import WearablesCore
import WearablesWorld

/// One run of a script: a Lua state with the plugins installed, a world (whatever
/// backend the caller built it on), and the event loop that drives tasks on the
/// world's scheduler.
///
/// Everything happens on the thread that calls ``run(script:arguments:sharesFolder:)``.
/// Lua only ever runs inside `step(_:_:)`, from a scheduler event, so a
/// completion never resumes a task in the middle of another Lua call.
public final class ScriptRuntime {
    public let options: RunOptions
    public let state: LuaState
    public let world: any GlassesWorld
    /// Which files the script may write and read (``PathPolicy``).
    /// The run's rule for the files a script names (its sandbox and `--out`).
    public let paths: PathPolicy
    /// The rule of the Lua code running now, when it is not the run's: a recipe's
    /// tasks and callbacks keep the sandbox it declares even in a wider run.
    private(set) var runningPaths: PathPolicy?
    /// The rule for a path named by the code running now.
    var currentPaths: PathPolicy { runningPaths ?? paths }
    public var scheduler: Scheduler { world.scheduler }
    public var trace: EventTrace { world.trace }

    private let traceFile: TraceFile?
    private var tasks: [ObjectIdentifier: ScriptTask] = [:]
    private var tasksMade = 0
    private var main: ScriptTask?
    /// Live `:on` handles and `after`/`every` timers keep a run going after its
    /// main chunk; each says what it is and where the script made it.
    private var keepers: [ObjectIdentifier: (order: Int, what: String)] = [:]
    private var keepersMade = 0
    /// Cameras the script started, with where, to name those still streaming.
    private var streams: [(camera: Weak<CameraStream>, line: String?)] = []
    /// Whether the main chunk's end started the default horizon.
    private var horizonStarted = false
    /// What kept the run going when a horizon ended it, for the report (said only then, so
    /// a script that ends itself with exit() hears nothing about horizons).
    private var horizonCauses: [String] = []
    /// Tasks (other than main) that failed with an uncaught error.
    private(set) var failedTasks = 0
    /// The last `exit()`: where it was called (`file:line`) and the task that called it, left
    /// running by the stop. The REPL ends only that task when the code is a `.load`ed file's.
    var lastExit: (caller: String?, task: ScriptTask?)?
    private var luaDepth = 0
    /// How many times Lua code was resumed: the run's checks (`expect`) look again only after an event that ran some.
    private(set) var luaSteps = 0
    private var ending: RunEnding?
    private let wallStart = ContinuousClock.now
    private var finishers: [() -> Void] = []
    /// Called instead of stopping the scheduler when the run would end its loop (the
    /// script's end, a stop of the state). Nil: the scheduler stops, as a run or the
    /// terminal REPL wants. A runtime in a world whose loop serves others too
    /// (`glasses serve`'s console) must not end that loop: it handles the stop itself.
    public var onStopLoop: (() -> Void)?
    /// Hears each photo, frame or recording the script (or a recipe it started) has
    /// finished writing: the served console's gallery. Called on the world's thread.
    public var onSave: ((SavedFile) -> Void)?

    /// The built-in modules, in install order.
    public static let builtInPlugins: [GlassesPlugin] = [
        SharedTypesPlugin(), TimePlugin(), LogPlugin(), WearablesPlugin(), CameraPlugin(), DisplayPlugin(), MockPlugin(), AudioPlugin(), RecipesPlugin(), ExpectPlugin(),
    ]

    /// Builds a run's world, given the sink its trace writes to (the run's `--trace` file).
    public typealias WorldMaker = (_ traceSink: EventTrace.Sink?) throws -> any GlassesWorld

    /// Builds the Lua state, installs `plugins` and opens the world.
    /// - Parameters:
    ///   - options: the run's options (sandbox, limits, clock, trace file).
    ///   - makeWorld: builds the world to run in; the program's entry point decides
    ///     which backend (the CLI: the simulator preset `options.world`, or `options.connect`).
    ///   - modulePaths: where `require` looks (`?.lua` patterns), besides the script's folder.
    ///   - plugins: the modules to install, normally ``builtInPlugins`` plus the integrator's.
    public init(options: RunOptions, world makeWorld: WorldMaker, modulePaths: [String] = [],
                plugins: [GlassesPlugin] = ScriptRuntime.builtInPlugins) throws
    {
        self.options = options
        var sink: EventTrace.Sink?
        if let path = options.tracePath {
            let file = try TraceFile(path: path)
            traceFile = file
            sink = { file.write($0) }
        } else {
            traceFile = nil
        }
        world = try makeWorld(sink)
        paths = PathPolicy(directory: options.outputDirectory, sandbox: options.sandbox)
        state = try LuaState(options: LuaStateOptions(
            sandbox: options.sandbox, memoryLimit: options.memoryLimit, timeout: options.timeout,
            modulePaths: modulePaths, randomSeed: Int64(bitPattern: options.seed), sandboxAdvice: options.sandboxAdvice,
            limitNames: options.limitNames))
        self.world.scheduler.interruption = { [weak state] in state?.isStopped ?? false }
        // The timeout's watchdog, or a signal's hard stop (`glasses run`), ends the
        // process when the script is where no hook reaches: the trace still ends
        // with the record the run would have written, with that stop's code.
        let traceFile = traceFile
        state.onUnresponsiveStop { stop in
            let outcome = LuaRunOutcome(stop)
            let status = ExitStatus(outcome.status)
            let message = outcome.report ?? ""
            traceFile?.endAbruptly(reason: Self.endReason(of: outcome.status) ?? "limit", code: status.code,
                                   signal: Self.signalName(of: outcome.status), message: message)
            LuaConsole.flushOutput()
            if !message.isEmpty { LuaConsole.writeError("glasses: \(message)\n") }
            return status.code
        }
        for plugin in plugins { try plugin.install(in: self) }
        if let output = options.output { try PrintRedirect.install(in: state) { output(.printed($0)) } }
    }

    /// Runs a script file to its end; see `RunEnding` for when that is.
    /// The script's own folder (the current one for `-`, stdin) is readable,
    /// for its images and sounds, unless `sharesFolder` is false.
    public func run(script path: String, arguments: [String], sharesFolder: Bool = true) -> LuaRunOutcome {
        scheduler.thread.check()
        if sharesFolder { paths.allowReading(PathPolicy.folder(of: path)) }
        let outcome = LuaRunner(state: state, driver: self).run(script: path, arguments: arguments, interpreter: "glasses")
        // Judged before the pending <close> handlers run: closing marks the tasks it ends.
        let adjusted = closePendingTasks(adjust(outcome))
        for finish in finishers { finish() }
        finishers = []
        world.close()
        recordEnd(adjusted)
        traceFile?.flush()
        // A trace that could not be written is a bad --trace, said once, whatever the script did.
        if let traceFile, let failure = traceFile.failure, let path = options.tracePath {
            return LuaRunOutcome(.loadFailure, report: "cannot write the trace to '\(path)': \(failure); pick a file on a disk with room (--trace FILE)")
        }
        return adjusted
    }

    /// The trace's last record says why the run ended, whichever way it did, and with what exit code.
    private func recordEnd(_ outcome: LuaRunOutcome) {
        let reason: String
        if let stopped = Self.endReason(of: outcome.status) {
            reason = stopped
        } else {
            reason =
                switch (ending, outcome.status) {
                case (.horizon?, _): "horizon"
                case (.duration?, _): "duration"
                case (.idle?, _): "idle"
                case (_, .scriptError), (_, .loadFailure): "error"
                default: "done"
                }
        }
        var values: [(String, TraceValue)] = [("reason", .string(reason)), ("code", .int(Int(outcome.exitCode)))]
        if let signal = Self.signalName(of: outcome.status) { values.append(("signal", .string(signal))) }
        if let report = outcome.report { values.append(("message", .string(report))) }
        trace.record(source: "run", event: "end", orderedValues: values)
    }

    /// The end record's reason for a run a stop ended, whenever the run ended (a
    /// stop outranks `--for` or a horizon); nil for the other endings.
    private static func endReason(of status: LuaRunEnd) -> String? {
        switch status {
        case .interrupted, .terminated: "interrupted"
        case .exit: "exit"
        case .limit: "limit"
        default: nil
        }
    }

    /// The signal that ended the run, for the end record.
    private static func signalName(of status: LuaRunEnd) -> String? {
        switch status {
        case .interrupted: "SIGINT"
        case .terminated: "SIGTERM"
        default: nil
        }
    }

    /// Runs the pending `<close>` handlers of every task still waiting when the run
    /// ends on its own terms (`--for`, a horizon, nothing left to happen) or by
    /// `os.exit(n, true)`: newest task first, the main chunk last, and within a
    /// task innermost coroutine first. A stop (`exit(n)`, a limit, a signal) ends
    /// the run without them, as `os.exit(n)` does in `lua5.4`. A handler's error
    /// is an uncaught error; its `exit(n)` becomes the run's outcome.
    private func closePendingTasks(_ outcome: LuaRunOutcome) -> LuaRunOutcome {
        let exitStop = state.stop
        let closingExit: Int32?
        switch exitStop {
        case nil: closingExit = nil
        case .exit(let code)? where state.exitClosesState: closingExit = code
        default: return outcome
        }
        let pending = tasks.values.filter { !$0.isFinished && $0.status != .running }.sorted { ($0 === main ? 0 : $0.serial) > ($1 === main ? 0 : $1.serial) }
        guard !pending.isEmpty else { return outcome }
        let failedBefore = failedTasks
        if closingExit != nil { state.clearStop() }
        luaDepth += 1
        for task in pending where state.stop == nil {
            task.cancelWait?()
            task.cancelWait = nil
            task.status = .cancelled
            if let error = state.discard(task.luaTask, reason: "the run ended"), state.stop == nil {
                failedTasks += 1
                report(error, in: "\(task.label) (closing it as the run ended)")
            }
            tasks[ObjectIdentifier(task.luaTask)] = nil
        }
        luaDepth -= 1
        if let late = state.stop { return LuaRunOutcome(late) }
        if let closingExit { state.exit(code: closingExit) }
        let failed = failedTasks - failedBefore
        if failed > 0, outcome.status == .success || outcome.status == .exit(0) {
            return LuaRunOutcome(.scriptError, report: "\(failed) <close> handler\(failed == 1 ? "" : "s") failed as the run ended (reported above)")
        }
        return outcome
    }

    /// Runs `finish` when the run ends, whichever way (an interrupt, a limit, exit()):
    /// for outputs that must be completed to be valid files.
    func atEnd(_ finish: @escaping () -> Void) { finishers.append(finish) }

    /// Lets go of what the run started in a world that outlives it (a served world's
    /// console): runs the end-of-run finishers (a recording stops) and stops the
    /// cameras it started, which would otherwise stream into a state that is gone.
    public func releaseWorld() {
        scheduler.thread.check()
        for finish in finishers { finish() }
        finishers = []
        for stream in streams { stream.camera.object?.stop() }
        streams = []
    }

    /// Flushes the trace; call when the run is abandoned early.
    public func flush() { traceFile?.flush() }

    /// Ends the run as `lua5.4` ends its process, once nothing else will use the
    /// state: closes it, so pending finalizers (`__gc`) run (only Lua is left to
    /// them), unless the script ended with `exit(n)` or `os.exit(n)`, which
    /// skip that in lua5.4 too (`os.exit(n, true)` closes). A stop a finalizer
    /// caused (`os.exit`, `--timeout`) becomes the run's outcome.
    public func close(_ outcome: LuaRunOutcome) -> LuaRunOutcome {
        scheduler.thread.check()
        let stop = state.stop
        if case .exit = stop, !state.exitClosesState {
            state.leaveOpen()
            return outcome
        }
        state.close()
        LuaConsole.flushOutput()
        if stop == nil, let late = state.stop { return LuaRunOutcome(late) }
        return outcome
    }

    // MARK: Tasks

    /// The task running the current call, or an error telling the script where waiting is allowed.
    func task(for call: LuaCall, waitingIn name: String) throws -> ScriptTask {
        guard let luaTask = call.currentTask else {
            if call.isBehindCBoundary {
                throw LuaError(
                    "'\(name)' waits, but it is called from a function that C code calls (a table.sort comparator, a "
                        + "string.gsub callback, an xpcall message handler, a metamethod C calls), and Lua cannot suspend a task across C; wait before or after that call instead")
            }
            throw LuaError(
                "'\(name)' waits, so it must be called from a task: the main chunk, a spawn()ed function or a callback")
        }
        return wrap(luaTask, label: "main chunk", paths: nil)
    }

    private func wrap(_ luaTask: LuaTask, label: String, paths: PathPolicy?) -> ScriptTask {
        let key = ObjectIdentifier(luaTask)
        if let task = tasks[key] { return task }
        tasksMade += 1
        let task = ScriptTask(luaTask: luaTask, serial: tasksMade, label: label, paths: paths)
        tasks[key] = task
        return task
    }

    /// Starts `function` as a new task at the current time (after the calling code yields),
    /// under `paths` (default: the rule of the code starting it).
    @discardableResult
    func spawn(_ function: LuaRef, _ arguments: [LuaValue], label: String, paths: PathPolicy? = nil) throws -> ScriptTask {
        let task = wrap(try state.newTask(function, arguments), label: label, paths: paths ?? runningPaths)
        scheduler.schedule(after: 0) { [weak self, weak task] in
            guard let self, let task, task.status == .ready else { return }
            self.step(task, .success([]))
        }
        return task
    }

    /// Calls a Lua callback in its own task, now, under `paths` (the rule of the
    /// code that registered it). `afterFirstStep` runs when it first returns or
    /// waits (borrowed frames end there).
    func invoke(_ function: LuaRef, _ arguments: [LuaValue], label: String, paths: PathPolicy?,
                afterFirstStep: (() -> Void)? = nil) {
        guard ending == nil, state.stop == nil else { return }
        do {
            let task = wrap(try state.newTask(function, arguments), label: label, paths: paths)
            task.afterFirstStep = afterFirstStep
            if luaDepth > 0 {
                scheduler.schedule(after: 0) { [weak self] in self?.step(task, .success([])) }
            } else {
                step(task, .success([]))
            }
        } catch {
            report(error, in: label)
        }
    }

    /// Parks the calling task until `begin`'s resume function is called. `begin`
    /// returns what undoes the wait if the task is cancelled first.
    func suspend(
        _ call: LuaCall, in name: String,
        _ begin: (_ resume: @escaping (Result<[LuaValue], ScriptError>) -> Void) throws -> (() -> Void)?
    ) throws -> LuaReturn {
        let task = try task(for: call, waitingIn: name)
        task.waitGeneration += 1
        let generation = task.waitGeneration
        task.cancelWait = try begin { [weak self, weak task] result in
            guard let self, let task, task.status == .waiting || task.status == .running,
                task.waitGeneration == generation
            else { return }
            task.cancelWait = nil
            if self.luaDepth > 0 {
                self.scheduler.schedule(after: 0) { [weak self] in
                    guard task.waitGeneration == generation, task.status == .waiting else { return }
                    self?.step(task, result)
                }
            } else {
                self.step(task, result)
            }
        }
        return .suspend
    }

    /// Parks the calling task until `reached()` holds; `watch` calls its argument
    /// on each change that may make it hold, and returns what stops watching.
    /// Where no task can wait (a close handler run by a cancel, a finalizer) it
    /// returns at once: it serves calls like `stop()` whose action is already done.
    func suspend(
        _ call: LuaCall, in name: String, until reached: @escaping () -> Bool,
        watching watch: (_ changed: @escaping () -> Void) -> (() -> Void)
    ) throws -> LuaReturn {
        if reached() || call.currentTask == nil { return .none }
        return try suspend(call, in: name) { resume in
            var stopWatching: (() -> Void)?
            var done = false
            stopWatching = watch {
                guard !done, reached() else { return }
                done = true
                stopWatching?()
                resume(.success([]))
            }
            if done { stopWatching?() }
            return { stopWatching?() }
        }
    }

    /// Resumes `task` with the values a waiting call returns, or the error it raises.
    func step(_ task: ScriptTask, _ input: Result<[LuaValue], ScriptError>) {
        guard !task.isFinished else { return }
        if state.stop != nil || ending != nil {
            stopLoop()
            return
        }
        task.status = .running
        luaSteps += 1
        luaDepth += 1
        let outerPaths = runningPaths
        runningPaths = task.paths
        let result: LuaResumeResult
        switch input {
        case .success(let values): result = state.resume(task.luaTask, with: values)
        case .failure(let error):
            // A raw value is another task's error, re-raised as it was (task:join()).
            if let raw = error.raw {
                result = state.resume(task.luaTask, raising: raw, addingPosition: false)
            } else {
                result = state.resume(task.luaTask, raising: .object(error))
            }
        }
        luaDepth -= 1
        runningPaths = outerPaths
        settle(task, result)
    }

    private func settle(_ task: ScriptTask, _ result: LuaResumeResult) {
        switch result {
        case .suspended:
            task.status = .waiting
        case .preempted:
            // It neither returned nor waited: a callback's borrowed frame stays lent, and nothing ended.
            task.status = .waiting
            return continueAfterOtherEvents(task)
        case .finished(let values):
            task.status = .done
            task.results = values
        case .failed(let error):
            task.status = .failed
            task.error = error
            if state.isMemoryLimitError(error) {
                // The cap is a limit of the run, wherever it is hit: exit 3, not an uncaught error.
                state.stopForMemoryLimit()
            } else if task !== main, task.joiners.isEmpty {
                // A task someone is joining hands its error to the joiner instead.
                failedTasks += 1
                report(error, in: task.label)
            }
        case .stopped:
            if case .exit? = state.stop, lastExit != nil, lastExit?.task == nil { lastExit?.task = task }
            if let closeError = task.luaTask.closeError {
                failedTasks += 1
                report(closeError, in: "\(task.label) (closing it for os.exit)")
            }
            stopLoop()
        }
        if let first = task.afterFirstStep {
            task.afterFirstStep = nil
            first()
        }
        if task.isFinished {
            tasks[ObjectIdentifier(task.luaTask)] = nil
            let joiners = task.joiners
            task.joiners = []
            joiners.forEach { $0() }
        }
        endIfDone()
    }

    /// Resumes a task whose time slice ran out (``LuaState/sliceTasks(every:)``) from
    /// a new event at the current time: events already due (frames, posted input)
    /// run first. Cancelling the task cancels the event.
    private func continueAfterOtherEvents(_ task: ScriptTask) {
        task.waitGeneration += 1
        let generation = task.waitGeneration
        let event = scheduler.schedule(after: 0) { [weak self, weak task] in
            guard let self, let task, task.waitGeneration == generation, task.status == .waiting else { return }
            task.cancelWait = nil
            self.step(task, .success([]))
        }
        task.cancelWait = { event.cancel() }
    }

    /// Cancels a task: what it waits on is undone and it never runs again.
    func cancel(_ task: ScriptTask) {
        guard !task.isFinished, task.status != .running else { return }
        task.cancelWait?()
        task.cancelWait = nil
        task.status = .cancelled
        // Its pending <close> variables run now, as coroutine.close runs them.
        luaDepth += 1
        let closeError = state.discard(task.luaTask)
        luaDepth -= 1
        if let closeError {
            failedTasks += 1
            report(closeError, in: "\(task.label) (closing it after cancel)")
        }
        tasks[ObjectIdentifier(task.luaTask)] = nil
        let joiners = task.joiners
        task.joiners = []
        joiners.forEach { $0() }
        endIfDone()
    }

    // MARK: Errors

    /// Reports an error that no script code caught: stderr and the trace.
    func report(_ error: LuaScriptError, in label: String) {
        var text = "glasses: error in \(label): \(error.message)"
        if let traceback = error.traceback { text += "\n\(traceback)" }
        if let output = options.output {
            output(.error(text))
        } else {
            LuaConsole.flushOutput()
            LuaConsole.writeError(text + "\n")
        }
        trace.record(source: "script", event: "error", values: ["in": .string(label), "message": .string(error.message)])
    }

    // MARK: Ending

    /// Work that keeps the run going once the main chunk is done.
    private var hasLiveWork: Bool {
        !keepers.isEmpty || tasks.values.contains { $0 !== main && !$0.isFinished }
    }

    func keep(_ keeper: AnyObject, _ what: String) {
        keepersMade += 1
        keepers[ObjectIdentifier(keeper)] = (keepersMade, what)
    }

    func release(_ keeper: AnyObject) { keepers[ObjectIdentifier(keeper)] = nil }

    func started(_ camera: CameraStream, at line: String?) {
        streams.removeAll { $0.camera.object == nil || $0.camera.object === camera }
        streams.append((Weak(camera), line))
    }

    /// Virtual time a run goes on after its main chunk when only listeners and
    /// timers keep it going and `--for` was not given: long enough for any
    /// scripted scenario, and it ends a run that forgot `exit()` in well under a second.
    public static let defaultHorizon: Double = 3600
    static let horizonText = "1 h"
    /// Virtual time a main chunk may run without `--for`: a simulated day, far past any
    /// scripted scenario, so `while true do wait(1) end` ends (in well under a second of
    /// wall time) instead of spinning forever on a clock that never waits.
    public static let mainHorizon: Double = 86_400
    static let mainHorizonText = "24 h"

    /// The main chunk is done on the virtual clock without `--for`, and the horizon has not begun.
    private var horizonIsDue: Bool {
        main?.isFinished == true && !horizonStarted && scheduler.clock == .virtual && options.duration == nil
    }

    private func endIfDone() {
        guard let main else { return }
        if state.stop != nil || main.status == .failed || (main.isFinished && !hasLiveWork) {
            stopLoop()
        } else if horizonIsDue {
            // The drive loop starts the horizon, with the scheduler's deadline.
            stopLoop()
        }
    }

    private func stopLoop() {
        if let onStopLoop { onStopLoop() } else { scheduler.stop() }
    }

    /// What keeps a virtual-clock run going after its main chunk, one line each.
    private func liveWork() -> [String] {
        var lines = keepers.values.sorted { $0.order < $1.order }.map(\.what)
        for stream in streams {
            guard let camera = stream.camera.object, camera.state != .stopped, camera.state != .stopping else { continue }
            lines.append("\(stream.line.map { "\($0): " } ?? "")a streaming camera (cam:start())")
        }
        let others = tasks.values.filter { $0 !== main && !$0.isFinished }.count
        if others > 0 { lines.append("\(others) task\(others == 1 ? "" : "s") still waiting") }
        return lines
    }

    private func adjust(_ outcome: LuaRunOutcome) -> LuaRunOutcome {
        // exit(0) cannot hide an uncaught error a task or callback reported: the run
        // still fails (1). Any other exit(n) is the script's own code and stands.
        if state.stop == .exit(code: 0), failedTasks > 0 {
            return LuaRunOutcome(
                .scriptError,
                report: "\(failedTasks) task\(failedTasks == 1 ? "" : "s") failed with an uncaught error (reported above); exit(0) does not hide it")
        }
        // No main task: the script never loaded (the runner's outcome says why).
        if state.stop != nil || main == nil { return outcome }
        let clock = scheduler.clock.rawValue
        switch ending {
        case .timeout(let seconds):
            return LuaRunOutcome(.limit, report: "time limit of \(seconds) s (--timeout) exceeded")
        case .horizon where failedTasks == 0:
            return LuaRunOutcome(
                .success,
                report: "run ended at \(Self.format(scheduler.now)) s, the default horizon of \(Self.horizonText) of virtual time "
                    + "after the main chunk; it went on because of:\n"
                    + horizonCauses.map { "  \($0)\n" }.joined()
                    + "glasses: end it sooner with exit() or by :cancel()ing each of these, or choose the run's length with --for")
        case .mainHorizon:
            return LuaRunOutcome(
                .limit,
                report: "run stopped at \(Self.format(scheduler.now)) s: the main chunk was still running at the default horizon of "
                    + "\(Self.mainHorizonText) of virtual time; end the script with exit() when it is done, or choose the run's length with --for")
        case .idle where main?.status == .waiting:
            return LuaRunOutcome(
                .scriptError,
                report: "nothing can happen any more on the \(clock) clock at \(Self.format(scheduler.now)) s, "
                    + "but the main chunk is still waiting; give the wait a timeout or make the event it waits for happen")
        default:
            break
        }
        if main?.status == .failed { return outcome }
        if failedTasks > 0 {
            return LuaRunOutcome(
                .scriptError,
                report: "\(failedTasks) task\(failedTasks == 1 ? "" : "s") failed with an uncaught error (reported above)")
        }
        if case .idle = ending, hasLiveWork {
            return LuaRunOutcome(
                .success,
                report: "nothing can happen any more on the \(clock) clock at \(Self.format(scheduler.now)) s: the main chunk is done "
                    + "and no event is left to reach what it left listening:\n"
                    + liveWork().map { "  \($0)\n" }.joined()
                    + "glasses: run ended; to end it yourself, :cancel() each of these or call exit() when the script is done")
        }
        return LuaRunOutcome(.success)
    }

    static func format(_ seconds: Double) -> String { String(cFormat: "%.3f", seconds) }
}

/// Why the event loop stopped, when it was not the script itself.
enum RunEnding {
    /// `--for` elapsed.
    case duration
    /// Nothing is scheduled: no event can ever happen again.
    case idle
    /// `--timeout` (wall clock) elapsed.
    case timeout(Double)
    /// The default horizon after the main chunk elapsed (virtual clock, no `--for`).
    case horizon
    /// The main chunk still ran at the default horizon of a run (virtual clock, no `--for`).
    case mainHorizon
}

extension ScriptRuntime: LuaRunDriver {
    public func drive(_ state: LuaState, main luaTask: LuaTask) {
        scheduler.thread.check()
        let main = wrap(luaTask, label: "main chunk", paths: nil)
        self.main = main
        switch luaTask.status {
        case .suspended: main.status = .waiting
        case .finished(let values): main.status = .done; main.results = values
        case .failed(let error): main.status = .failed; main.error = error
        case .ready, .running, .stopped: main.status = .running
        }
        if main.isFinished { tasks[ObjectIdentifier(luaTask)] = nil }
        guard state.stop == nil, main.status != .failed, !(main.isFinished && !hasLiveWork) else { return }
        armTimeout()
        let unbounded = options.duration == nil && scheduler.clock == .virtual
        var deadline = options.duration.map { scheduler.now + $0 } ?? (unbounded ? scheduler.now + Self.mainHorizon : .infinity)
        while true {
            if horizonIsDue, state.stop == nil, ending == nil, hasLiveWork, scheduler.hasPendingEvents {
                horizonStarted = true
                deadline = scheduler.now + Self.defaultHorizon
            }
            // Without --for, the deadline (the main chunk's 24 h, then the horizon) is only a
            // safety net: a world that goes idle before it (nothing scheduled: a listener left
            // on a stopped session hears nothing more) ends the run then, at the time it went idle.
            switch scheduler.run(until: deadline, idleAdvances: !unbounded) {
            case .deadline where horizonStarted:
                horizonCauses = liveWork()
                ending = ending ?? .horizon
            case .deadline: ending = ending ?? (unbounded ? .mainHorizon : .duration)
            case .idle: ending = ending ?? .idle
            case .stopped:
                // endIfDone stopped the loop for the horizon to start: go on.
                if horizonIsDue, state.stop == nil, ending == nil, hasLiveWork { continue }
            }
            break
        }
    }

    /// Checks the wall-clock limit once per second of run time. It re-arms only
    /// while other events are pending, so it never keeps an idle world alive, or while
    /// the loop waits for outside input (`--connect`): that loop is never idle, and
    /// without the check a script left waiting there would outlive its `--timeout`.
    private func armTimeout() {
        guard let limit = options.timeout else { return }
        scheduler.schedule(after: 1) { [weak self] in
            guard let self else { return }
            let elapsed = (ContinuousClock.now - self.wallStart).components
            if Double(elapsed.seconds) + Double(elapsed.attoseconds) * 1e-18 > limit {
                self.ending = .timeout(limit)
                self.scheduler.stop()
            } else if self.scheduler.hasPendingEvents || self.scheduler.waitsForInput {
                self.armTimeout()
            }
        }
    }
}

/// A reference that lets its object go (a stopped camera the script dropped).
struct Weak<Object: AnyObject> {
    weak var object: Object?
    init(_ object: Object) { self.object = object }
}
