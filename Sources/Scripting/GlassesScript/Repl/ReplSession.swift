import LuaHost
import WearablesCore

/// The REPL core, free of terminal I/O: takes input lines, assembles chunks, runs
/// them as tasks in the runtime's live world and prints their values or errors.
///
/// Use it on the scheduler's thread, from inside the event loop (`scheduler.run`),
/// because chunks run as tasks that waiting calls park on the scheduler. After
/// each line, once the session wants the next one, it calls ``onReady``.
public final class ReplSession {
    public let runtime: ScriptRuntime
    /// Called when the next line may be read (show ``prompt`` then).
    public var onReady: (() -> Void)?
    /// Called by `.quit`, `exit()` or a limit instead of stopping the scheduler; nil stops it,
    /// which ends the terminal REPL's loop. A served world's console sets this: the world goes on.
    public var onQuit: (() -> Void)?
    /// Set by `.quit` or `exit()`; the caller ends its loop and exits with ``exitStatus``.
    public private(set) var hasQuit = false
    public private(set) var exitStatus = ExitStatus.success

    let output: ReplOutput
    let support: ReplLuaSupport
    private var buffer = ReplInputBuffer()
    private var current: ScriptTask?
    /// The file the running chunk came from, when `.load` started it: `exit()` in it ends
    /// that chunk, not the REPL.
    var loadedFile: String?
    /// Every file `.load` ran: an `exit()` in their code, a callback's included, ends only the
    /// task that called it.
    var loadedFiles: Set<String> = []
    /// The file and code of a `.load`ed chunk that `exit()` ended, until its end is reported.
    private var exitedLoad: (file: String, code: Int32)?
    /// The trace sink in place before `.trace on`, restored by `.trace off`.
    var sinkBeforeTracing: EventTrace.Sink?
    var isTracing = false

    public init(runtime: ScriptRuntime, output: ReplOutput) throws(LuaScriptError) {
        self.runtime = runtime
        self.output = output
        support = try ReplLuaSupport(state: runtime.state)
    }

    /// `> ` for a new statement, `>> ` while a chunk continues (as lua5.4).
    public var prompt: String { buffer.isEmpty ? "> " : Self.continuationPrompt }
    public static let continuationPrompt = ">> "

    /// Whether a chunk is running or waiting.
    public var isBusy: Bool { current != nil }

    /// Handles one line: a `.command` or Lua input.
    public func submit(_ line: String) {
        runtime.scheduler.thread.check()
        if buffer.isEmpty, line.first == "." {
            if !runCommand(line), !hasQuit { ready() }
            return
        }
        switch buffer.add(line, in: runtime.state) {
        case .incomplete: ready()
        case .syntaxError(let message):
            output.error(message + "\n")
            ready()
        case .chunk(let chunk): start(chunk)
        }
    }

    /// Ctrl-C at the prompt: forgets the line and any unfinished chunk.
    public func discardInput() {
        runtime.scheduler.thread.check()
        buffer.reset()
        ready()
    }

    /// Ctrl-D or the end of piped input.
    public func endOfInput() { quit(.success) }

    /// Call after the event loop returned because the state was stopped: an
    /// interrupt ends the running chunk and the session goes on; `exit()` or a
    /// limit ends the session.
    public func recoverFromStop() {
        runtime.scheduler.thread.check()
        guard let stop = runtime.state.stop else { return }
        switch stop {
        case .interrupted:
            runtime.state.clearStop()
            if let current { runtime.abandon(current) } else { output.error("interrupted\n") }
        case .terminated:
            quit(.terminated)
        case .exit(let code):
            // A loaded file ends itself with exit(), as under `glasses run`: that ends its
            // chunk, or the callback of it that called exit() (examples/qr_capture.lua's after
            // its last photo); the REPL goes on (`.quit` or an exit() typed at the prompt
            // leave it). os.exit(n, true) has closed the state, so nothing can go on then.
            let exit = runtime.lastExit
            runtime.lastExit = nil
            if runtime.state.exitClosesState {
                quit(.exit(code))
            } else if let current, let file = loadedFile {
                runtime.state.clearStop()
                exitedLoad = (file, code)
                runtime.abandon(current)
            } else if let caller = exit?.caller, let task = exit?.task, task !== current, isInLoadedFile(caller) {
                runtime.state.clearStop()
                runtime.abandon(task)
                output.error(
                    "\(caller): exit(\(code)) ended this callback of a loaded file; the REPL goes on (.quit leaves it), "
                        + "and the file's other listeners and timers stay until :cancel()\n")
            } else {
                quit(.exit(code))
            }
        case .limit(let message):
            output.error("glasses: \(message)\n")
            quit(.limit)
        }
    }

    /// Whether `caller` (`file:line`, as Lua shortens a long path: `...` and its end) is in a
    /// file `.load` ran.
    private func isInLoadedFile(_ caller: String) -> Bool {
        guard let colon = caller.lastIndex(of: ":") else { return false }
        let file = caller[..<colon]
        if file.hasPrefix("...") { return loadedFiles.contains { $0.hasSuffix(file.dropFirst(3)) } }
        return loadedFiles.contains(String(file))
    }

    /// Runs `chunk` as a task; its values or error print when it ends.
    func start(_ chunk: LuaRef) {
        do {
            current = try runtime.evaluate(support.run, [.ref(chunk)], label: "input") { [weak self] task in
                self?.finish(task)
            }
        } catch {
            loadedFile = nil
            output.error("\(error)\n")
            ready()
        }
    }

    private func finish(_ task: ScriptTask) {
        current = nil
        loadedFile = nil
        LuaConsole.flushOutput()
        switch task.status {
        case .done:
            print(task.results)
        case .failed:
            break  // Only out-of-memory escapes the xpcall; the runtime has reported it.
        case .cancelled:
            buffer.reset()
            if let (file, code) = exitedLoad {
                exitedLoad = nil
                output.error("\(file) called exit(\(code)), which ended the loaded chunk; the REPL goes on (.quit leaves it)\n")
            } else {
                output.error("interrupted\n")
            }
        case .ready, .running, .waiting:
            return
        }
        if runtime.state.stop == nil { ready() }
    }

    /// Prints what `support.run` returned: `true, text` or `false, message, traceback`.
    private func print(_ results: [LuaValue]) {
        guard case .boolean(let ok)? = results.first else { return }
        if ok {
            if let text = results.dropFirst().first?.string, !text.isEmpty { output.standard(text + "\n") }
            return
        }
        var text = results.dropFirst().first?.string ?? "(error)"
        if text == "not enough memory", runtime.state.memoryLimitWasHit {
            text = "glasses: " + runtime.state.memoryLimitMessage()
        }
        if let traceback = results.dropFirst(2).first?.string, !traceback.isEmpty { text += "\n" + traceback }
        output.error(text + "\n")
    }

    func ready() { onReady?() }

    func quit(_ status: ExitStatus) {
        hasQuit = true
        exitStatus = status
        if let onQuit { onQuit() } else { runtime.scheduler.stop() }
    }
}
