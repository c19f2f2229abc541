import Dispatch
import LuaHost
import Locking
import WearablesAudio
import WearablesCore
import WearablesWorld

/// A Lua console in a world whose event loop runs elsewhere (`glasses serve`'s): the
/// REPL engine (``ReplSession``) on the world's own thread, so `wearables.devices()`
/// are that world's glasses and a waiting call parks on its scheduler. It takes
/// whole inputs and reports what each printed, for the dashboard's console.
///
/// Bounded so that no input can hold the world: its Lua code runs in time slices of
/// ``timeSlice`` (a busy loop gives the world's thread back between slices, so frames,
/// HTTP controls and other clients go on while it runs), each input has ``inputLimit``
/// wall seconds, after which its Lua code is interrupted (the world's loop goes on, the
/// console reports it), the state has a memory cap, and the sandbox is `strict`
/// (no files, no processes: a page holding the token drives the glasses, not the
/// server's machine); what it saves (photos, frames, recordings, a recipe's files)
/// lands in ``outputDirectory`` only (`glasses serve --out`). `exit()`, `.quit` or a limit end only the console's state;
/// the next input gets a fresh one.
///
/// Use it only on the world's thread, from inside its event loop.
public final class WorldReplConsole {
    /// Wall seconds one input may run or wait before it is stopped.
    public let inputLimit: Double
    /// Bytes the console's Lua state may hold.
    public static let memoryLimit = 64 << 20
    /// Wall seconds the console's Lua code runs before the world's other events get
    /// their turn: short beside a frame's interval at 30 fps, long beside the cost of
    /// a turn through the scheduler (a few microseconds).
    public static let timeSlice = 0.002
    /// Where the console's files go (nil: the server's current folder).
    public let outputDirectory: String?

    private let world: any GlassesWorld
    private var repl: Repl
    private let collected = Collected()
    /// The input not yet handed to the session, and who hears when it is done.
    private var pendingInput: String?
    private var done: ((String, String) -> Void)?
    /// The running input's number (0: none), and the one whose limit ran out: the only
    /// state the watchdog touches off the world's thread.
    private let inputs = InputGenerations()
    private var generation = 0
    private var isClosed = false
    /// Hears each file the console's state (or a recipe it started) finished writing;
    /// kept across the fresh states that follow `exit()` or a limit.
    public var onSave: ((SavedFile) -> Void)?
    /// Hears the phone's audio settings each time they changed: after an input, and as
    /// a task or callback of the console reroutes or (de)activates. A console in a worker
    /// process, whose phone is its own, reports them so the served phone takes them on
    /// (``ConsoleAudioSettings``).
    public var onAudioSettings: ((ConsoleAudioSettings) -> Void)? {
        didSet { watchAudio() }
    }
    private var audioListeners: [AudioListenerToken] = []
    private var reportedAudio: ConsoleAudioSettings?

    /// A runtime and its REPL session, replaced when `exit()`, `.quit` or a limit ended it.
    private struct Repl {
        let runtime: ScriptRuntime
        let session: ReplSession
    }

    /// What the session wrote during the current input.
    private final class Collected {
        var output = ""
        var errorOutput = ""
    }

    public init(world: any GlassesWorld, outputDirectory: String? = nil, inputLimit: Double = 10) throws {
        self.world = world
        self.outputDirectory = outputDirectory
        self.inputLimit = inputLimit
        repl = try Self.makeRepl(world: world, outputDirectory: outputDirectory, collected: collected)
        attach()
    }

    private static func makeRepl(world: any GlassesWorld, outputDirectory: String?, collected: Collected) throws -> Repl {
        var options = RunOptions()
        options.outputDirectory = outputDirectory
        options.realtime = true
        options.sandbox = .strict
        // No flag reaches a console: say where the wider sandboxes are.
        options.sandboxAdvice = { _ in "the console always runs in the strict sandbox; for more, run a script with glasses run --sandbox" }
        options.limitNames = LuaLimitNames(memory: "the console's limit")
        options.memoryLimit = Self.memoryLimit
        options.seed = 0
        let runtime = try ScriptRuntime(options: options, world: { _ in world })
        // The runtime would end the scheduler's loop on a stop of its Lua state (as the
        // terminal REPL wants); the served world's loop must go on, so neither the
        // scheduler's interruption check nor the runtime's loop stop may reach it.
        runtime.scheduler.interruption = nil
        runtime.state.sliceTasks(every: Self.timeSlice)
        try PrintRedirect.install(in: runtime.state) { collected.output += $0 }
        let session = try ReplSession(runtime: runtime, output: ReplOutput(
            standard: { collected.output += $0 }, error: { collected.errorOutput += $0 }))
        return Repl(runtime: runtime, session: session)
    }

    private func attach() {
        let session = repl.session
        session.onReady = { [weak self] in self?.nextLine() }
        session.onQuit = { [weak self] in self?.ended() }
        let inbox = repl.runtime.scheduler.inbox
        let target = SchedulerBoundWeak(self, on: repl.runtime.scheduler)
        // Where the terminal REPL's loop would return and recover, this recovers in a
        // later event: never inside the Lua call that stopped.
        repl.runtime.onStopLoop = { inbox.post { target.open()?.recover() } }
        repl.runtime.onSave = { [weak self] file in self?.onSave?(file) }
    }

    /// Runs one input (a line or several) and calls `done` on the world's thread once it
    /// finished, failed or was stopped, with its values and `print`s (`output`) and errors
    /// with their tracebacks (`errorOutput`). Hand in the next input after `done`.
    public func evaluate(_ code: String, done: @escaping (String, String) -> Void) {
        repl.runtime.scheduler.thread.check()
        collected.output = ""
        collected.errorOutput = ""
        self.done = done
        // Whole, not line by line: a multi-line input is one chunk, so its locals reach its end.
        pendingInput = code
        generation += 1
        inputs.begin(generation)
        // A limit that fired as the last input finished (before `finish` ended it) left its
        // interrupt pending; it belongs to that input, never to this one.
        if case .interrupted? = repl.runtime.state.stop, inputs.timedOut == generation - 1 { repl.runtime.state.clearStop() }
        armWatchdog(generation)
        nextLine()
    }

    /// Candidates replacing `word` (`wearables.de` → `wearables.devices`), sorted.
    public func completions(for word: String) -> [String] { repl.session.completions(for: word) }

    /// Ends the console: its Lua state is stopped, so its timers and handlers never run
    /// again, and closed. The world goes on.
    public func close() {
        repl.runtime.scheduler.thread.check()
        isClosed = true
        audioListeners.forEach { $0.cancel() }
        done = nil
        inputs.end()
        retire(repl)
    }

    /// Stops a state for good and closes it, after stopping the cameras and recordings
    /// it started: whatever of it is still scheduled in the world (a timer, a device
    /// listener) finds it stopped and does nothing. The runtime itself is kept, since
    /// such listeners may still reach it; it holds no Lua state any more, only its shell.
    private func retire(_ repl: Repl) {
        repl.runtime.releaseWorld()
        if repl.runtime.state.stop == nil { repl.runtime.state.interruptHandle.interrupt(message: "the console was closed") }
        repl.runtime.state.close()
        let shell = SchedulerBound(repl.runtime, on: repl.runtime.scheduler)
        Self.retired.withLock { $0.append(shell) }
    }

    /// Runtimes of closed consoles (see ``retire(_:)``), from any served world's thread.
    private static let retired = Locked<[SchedulerBound<ScriptRuntime>]>([])

    /// Hands the session the input; once it is through, an unfinished chunk is dropped
    /// with a message (the page sends whole inputs) and the input is done.
    private func nextLine() {
        guard done != nil else { return }
        if let input = pendingInput {
            pendingInput = nil
            return repl.session.submit(input)
        }
        if repl.session.prompt == ReplSession.continuationPrompt {
            collected.errorOutput += "incomplete input: the chunk is not finished (a missing 'end' or closing bracket?)\n"
            repl.session.discardInput()
            return
        }
        finish()
    }

    /// Reports the audio settings when they changed: after each input, and from the next
    /// event after a route change or an activation (by then the session has settled).
    private func watchAudio() {
        audioListeners.forEach { $0.cancel() }
        audioListeners = []
        guard onAudioSettings != nil else { return }
        let scheduler = world.scheduler
        let later = { [weak self] in _ = scheduler.schedule(after: 0) { self?.reportAudio() } }
        audioListeners = [world.audio.onRouteChange { _ in later() }, world.audio.onActivation { _ in later() }]
        reportAudio()
    }

    private func reportAudio() {
        guard let onAudioSettings else { return }
        let settings = ConsoleAudioSettings(of: world)
        guard settings != reportedAudio else { return }
        reportedAudio = settings
        onAudioSettings(settings)
    }

    private func finish() {
        reportAudio()
        inputs.end()
        if inputs.timedOut == generation {
            collected.errorOutput += "glasses: the input ran past the console's \(inputLimit) s limit per input and was stopped\n"
        }
        let done = self.done
        self.done = nil
        pendingInput = nil
        done?(collected.output, collected.errorOutput)
    }

    /// After a stop of the state (the watchdog's interrupt, `exit()`, a limit): an
    /// interrupt ends the running input and the console goes on; the others end the
    /// session (``ended()``).
    private func recover() {
        guard !isClosed, repl.runtime.state.stop != nil else { return }
        if done == nil, case .interrupted? = repl.runtime.state.stop {
            // The watchdog fired as the input finished: its interrupt must not stop the next one.
            return repl.runtime.state.clearStop()
        }
        repl.session.recoverFromStop()
    }

    /// `exit()`, `.quit` or a limit ended the session: the world goes on, and the next
    /// input gets a fresh state.
    private func ended() {
        let status = repl.session.exitStatus
        retire(repl)
        collected.errorOutput += "the console's Lua state ended (\(status)); the next input starts a new one\n"
        do {
            repl = try Self.makeRepl(world: world, outputDirectory: outputDirectory, collected: collected)
            attach()
        } catch {
            collected.errorOutput += "the console could not restart: \(error)\n"
        }
        finish()
    }

    /// After ``inputLimit`` seconds, stops the input's Lua code from another thread (a
    /// loop that never yields included); the recovery then runs on the world's thread.
    private func armWatchdog(_ generation: Int) {
        let handle = repl.runtime.state.interruptHandle
        let inbox = repl.runtime.scheduler.inbox
        let target = SchedulerBoundWeak(self, on: repl.runtime.scheduler)
        let inputs = inputs
        DispatchQueue.global().asyncAfter(deadline: .now() + inputLimit) {
            // Only the generations (and the state's thread-safe stop) are touched here, off the world's thread.
            guard inputs.interrupt(generation, with: handle) else { return }
            // A chunk parked on a wait, or between time slices, has no Lua running to notice the interrupt.
            inbox.post { target.open()?.recover() }
        }
    }
}
