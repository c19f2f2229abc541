import GlassesScript
import Locking
import LuaHost
import WearablesCore
import WearablesWorld
import RecipeLockFile

/// A script or recipe running inside an app, on a thread of its own.
///
/// `start` returns at once; the run builds its world, loads the script and drives it on that
/// thread, so the caller (an app's main actor) never waits on Lua or the glasses. What the
/// script prints and logs, and its trace, arrive in `events`; `result` says how it ended, with
/// an error as a Swift value; `stop()` ends it from any thread, as Ctrl-C ends `glasses run`
/// (the trace is ended, recordings closed, a recipe's `stop` run).
public final class EmbeddedScript: Sendable {
    /// Builds the world the run drives, on the run's thread, with the configuration's clock and
    /// seed, writing its trace to `traceSink`: over DAT in an app, or a simulated world.
    public typealias WorldMaker = @Sendable (_ configuration: EmbeddedConfiguration, _ traceSink: @escaping EventTrace.Sink) throws
        -> any GlassesWorld

    /// What the script says and the run's trace records, in order; finishes when the run ends.
    public let events: AsyncStream<EmbeddedScriptEvent>
    private let continuation: AsyncStream<EmbeddedScriptEvent>.Continuation
    private let control = Locked(Control())

    private struct Control {
        /// Set once the run's Lua state exists; `stop()` interrupts through it.
        var stopper: (@Sendable () -> Void)?
        var stopRequested = false
        var outcome: Result<Void, ScriptRunError>?
        var waiting: [CheckedContinuation<Result<Void, ScriptRunError>, Never>] = []
    }

    private init() {
        (events, continuation) = AsyncStream.makeStream(bufferingPolicy: .unbounded)
    }

    /// Starts `source` in the world `world` builds; returns without waiting for anything.
    public static func start(_ source: ScriptSource, configuration: EmbeddedConfiguration = EmbeddedConfiguration(),
                             world: @escaping WorldMaker) -> EmbeddedScript {
        let script = EmbeddedScript()
        DetachedThread.start { script.run(source, configuration, world) }
        return script
    }

    /// Ends the run from any thread: at once if Lua is running (through the state's interrupt),
    /// or as soon as the loop wakes if it waits for the glasses. Later calls do nothing.
    public func stop() {
        let stopper = control.withLock { control -> (@Sendable () -> Void)? in
            control.stopRequested = true
            return control.stopper
        }
        stopper?()
    }

    /// How the run ended: success, or why not. Waits (without blocking a thread) until it has.
    public var result: Result<Void, ScriptRunError> {
        get async {
            await withCheckedContinuation { waiter in
                let done = control.withLock { control -> Result<Void, ScriptRunError>? in
                    if control.outcome == nil { control.waiting.append(waiter) }
                    return control.outcome
                }
                if let done { waiter.resume(returning: done) }
            }
        }
    }

    private func run(_ source: ScriptSource, _ configuration: EmbeddedConfiguration, _ makeWorld: @escaping WorldMaker) {
        let continuation = continuation
        var options = RunOptions()
        options.seed = configuration.seed
        options.realtime = configuration.clock == .wall
        options.duration = configuration.duration
        options.outputDirectory = configuration.outputDirectory
        options.tracePath = configuration.tracePath
        options.sandbox = configuration.sandbox
        options.memoryLimit = configuration.memoryLimit
        options.output = { continuation.yield(.output($0)) }
        options.sandboxAdvice = { sandbox in "set EmbeddedConfiguration.sandbox to .\(sandbox == .trusted ? "trusted" : "standard")" }
        options.limitNames = LuaLimitNames(memory: "EmbeddedConfiguration.memoryLimit")
        let world: ScriptRuntime.WorldMaker = { fileSink in
            try makeWorld(configuration) { line in
                fileSink?(line)
                continuation.yield(.trace(line))
            }
        }
        let outcome: Result<Void, ScriptRunError>
        do {
            switch source {
            case .script(let path, let arguments):
                let runtime = try ScriptRuntime(options: options, world: world, modulePaths: LuaRunner.modulePaths(forScript: path))
                attach(runtime)
                outcome = judge(runtime.close(runtime.run(script: path, arguments: arguments)))
            case .recipe(let folder, let parameters):
                let recipe = try Recipe.load(folder: folder, origin: .path)
                let values = try recipe.values(given: parameters)
                let runner = RecipeRunner(recipe: recipe, parameters: values, catalog: RecipeCatalog(places: []))
                outcome = judge(try runner.run(options: options, world: world, prepared: attach))
            }
        } catch let error as RecipeError {
            outcome = .failure(ScriptRunError(.loadFailure, error.message))
        } catch let error as LuaScriptError {
            outcome = .failure(ScriptRunError(.limit, error.report))
        } catch {
            outcome = .failure(ScriptRunError(.loadFailure, "\(error)"))
        }
        continuation.finish()
        let waiting = control.withLock { control in
            control.outcome = outcome
            control.stopper = nil
            defer { control.waiting = [] }
            return control.waiting
        }
        for waiter in waiting { waiter.resume(returning: outcome) }
    }

    /// Lets `stop()` reach the run: the state's interrupt, then an empty event that wakes a
    /// wall-clock loop waiting for its next one.
    private func attach(_ runtime: ScriptRuntime) {
        let handle = runtime.state.interruptHandle
        let inbox = runtime.scheduler.inbox
        let stopper: @Sendable () -> Void = {
            handle.interrupt(message: "stopped by the app")
            inbox.post {}
        }
        let stopNow = control.withLock { control in
            control.stopper = stopper
            return control.stopRequested
        }
        if stopNow { stopper() }
    }

    private func judge(_ outcome: LuaRunOutcome) -> Result<Void, ScriptRunError> {
        let report = outcome.report ?? ""
        switch outcome.status {
        case .success, .exit(0): return .success(())
        case .exit(let code): return .failure(ScriptRunError(.exit(code), report.isEmpty ? "the script called exit(\(code))" : report))
        case .scriptError: return .failure(ScriptRunError(.scriptError, report))
        case .loadFailure: return .failure(ScriptRunError(.loadFailure, report))
        case .limit: return .failure(ScriptRunError(.limit, report))
        case .interrupted, .terminated: return .failure(ScriptRunError(.stopped, report.isEmpty ? "stopped by the app" : report))
        }
    }
}
