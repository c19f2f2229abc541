import Dispatch
import LuaHost
import Synchronization
import WearablesCore
import WearablesSimulator

/// A Lua console in a world whose event loop runs elsewhere (`glasses serve`'s): the
/// REPL engine (``ReplSession``) on the world's own thread, so `wearables.devices()`
/// are that world's glasses and a waiting call parks on its scheduler. It takes
/// whole inputs and reports what each printed, for the dashboard's console.
///
/// Bounded so that no input can hold the world: each input has ``inputLimit`` wall
/// seconds, after which its Lua code is interrupted (the world's loop goes on, the
/// console reports it), the state has a memory cap, and the sandbox is `strict`
/// (no files, no processes: a page holding the token drives the glasses, not the
/// server's machine). `exit()`, `.quit` or a limit end only the console's state;
/// the next input gets a fresh one.
///
/// Use it only on the world's thread, from inside its event loop.
public final class WorldReplConsole {
    /// Wall seconds one input may run or wait before it is stopped.
    public let inputLimit: Double
    /// Bytes the console's Lua state may hold.
    public static let memoryLimit = 64 << 20

    private let world: SimulatedWorld
    private var repl: Repl
    private let collected = Collected()
    /// The input's lines not yet handed to the session, and who hears when it is done.
    private var pendingLines: [String] = []
    private var done: ((String, String) -> Void)?
    /// The running input's number (0: none), read by its watchdog on another thread.
    private let running = Atomic<Int>(0)
    private var generation = 0

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

    public init(world: SimulatedWorld, inputLimit: Double = 10) throws {
        self.world = world
        self.inputLimit = inputLimit
        repl = try Self.makeRepl(world: world, collected: collected)
        attach()
    }

    private static func makeRepl(world: SimulatedWorld, collected: Collected) throws -> Repl {
        var options = RunOptions()
        options.realtime = true
        options.sandbox = .strict
        options.memoryLimit = Self.memoryLimit
        options.seed = 0
        let runtime = try ScriptRuntime(options: options, makeWorld: { _ in world })
        // The runtime would end the scheduler's loop on a stop of its Lua state (as the
        // terminal REPL wants); the served world's loop must go on, so stops are
        // recovered through the session's onStop instead.
        runtime.scheduler.interruption = nil
        try capturePrint(in: runtime.state, collected: collected)
        let session = try ReplSession(runtime: runtime, output: ReplOutput(
            standard: { collected.output += $0 }, error: { collected.errorOutput += $0 }))
        return Repl(runtime: runtime, session: session)
    }

    /// `print` writes into the input's output, not to the server's stdout, which the
    /// console's user cannot see. The writer is registered as a module only long enough
    /// for the new `print` to keep it.
    private static func capturePrint(in state: LuaState, collected: Collected) throws {
        try state.register(LuaModule(name: "console_output", doc: "The console's print target (removed at once).", functions: [
            LuaFunction(name: "write", signature: "console_output.write(text: string)", doc: "Appends to the input's output.") { call in
                collected.output += try call.string(1)
                return .none
            },
        ]))
        let install = try state.load(#"""
            local write = console_output.write
            console_output = nil
            local package = rawget(_G, "package")
            if package then package.loaded.console_output = nil end
            print = function(...)
              local parts = table.pack(...)
              for i = 1, parts.n do parts[i] = tostring(parts[i]) end
              write(table.concat(parts, "\t", 1, parts.n) .. "\n")
            end
            """#, name: "console")
        _ = try state.call(install)
    }

    private func attach() {
        let session = repl.session
        session.onReady = { [weak self] in self?.nextLine() }
        session.onStop = { [weak session] in session?.recoverFromStop() }
        session.onQuit = { [weak self] in self?.ended() }
    }

    /// Runs one input (a line or several) and calls `done` on the world's thread once it
    /// finished, failed or was stopped, with its values (`output`) and errors with their
    /// tracebacks (`errorOutput`). Hand in the next input after `done`.
    public func evaluate(_ code: String, done: @escaping (String, String) -> Void) {
        collected.output = ""
        collected.errorOutput = ""
        self.done = done
        pendingLines = code.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        generation += 1
        running.store(generation, ordering: .sequentiallyConsistent)
        armWatchdog(generation)
        nextLine()
    }

    /// Candidates replacing `word` (`wearables.de` → `wearables.devices`), sorted.
    public func completions(for word: String) -> [String] { repl.session.completions(for: word) }

    /// Closes the console's Lua state; the world goes on.
    public func close() {
        done = nil
        _ = repl.runtime.close(LuaRunOutcome(.success))
    }

    /// Hands the session its next line; after the last one, an unfinished chunk is
    /// dropped with a message (the page sends whole inputs) and the input is done.
    private func nextLine() {
        guard done != nil else { return }
        if !pendingLines.isEmpty { return repl.session.submit(pendingLines.removeFirst()) }
        if repl.session.prompt == ReplSession.continuationPrompt {
            collected.errorOutput += "incomplete input: the chunk is not finished (a missing 'end' or closing bracket?)\n"
            repl.session.discardInput()
            return
        }
        finish()
    }

    private func finish() {
        let done = self.done
        self.done = nil
        pendingLines = []
        running.store(0, ordering: .sequentiallyConsistent)
        done?(collected.output, collected.errorOutput)
    }

    /// `exit()`, `.quit` or a limit ended the session: the world goes on, and the next
    /// input gets a fresh state.
    private func ended() {
        let status = repl.session.exitStatus
        _ = repl.runtime.close(LuaRunOutcome(.success))
        collected.errorOutput += "the console's Lua state ended (\(status)); the next input starts a new one\n"
        do {
            repl = try Self.makeRepl(world: world, collected: collected)
            attach()
        } catch {
            collected.errorOutput += "the console could not restart: \(error)\n"
        }
        finish()
    }

    /// After ``inputLimit`` seconds, stops the input's Lua code (a loop that never
    /// yields included) from another thread, then recovers on the world's thread.
    private func armWatchdog(_ generation: Int) {
        let handle = repl.runtime.state.interruptHandle
        let inbox = repl.runtime.scheduler.inbox
        let target = Unchecked(console: self)
        let limit = inputLimit
        DispatchQueue.global().asyncAfter(deadline: .now() + limit) {
            guard target.console.running.load(ordering: .sequentiallyConsistent) == generation else { return }
            // Stops Lua that is running now; a chunk parked on a wait is ended below.
            handle.interrupt(message: "the console's \(limit) s limit")
            inbox.post {
                let console = target.console
                guard console.generation == generation, console.done != nil else {
                    // The input finished just before the interrupt: it must not stop the next one.
                    if case .interrupted? = console.repl.runtime.state.stop { console.repl.runtime.state.clearStop() }
                    return
                }
                console.collected.errorOutput +=
                    "glasses: the input ran past the console's \(limit) s limit per input and was stopped\n"
                console.repl.session.recoverFromStop()
            }
        }
    }
}

/// Carries the console into events posted to the world's thread, the only place it is used.
private struct Unchecked: @unchecked Sendable {
    let console: WorldReplConsole
}
