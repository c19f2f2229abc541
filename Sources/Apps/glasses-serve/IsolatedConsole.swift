import Dispatch
import GlassesScript
import Locking
import ThreadOwnership
import WearablesCore
import WearablesServer
import WearablesWorld
import WireServer
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A served console whose Lua runs in a `glasses console-worker` process connected to
/// the world like `glasses repl --connect`, not on the world's thread. A pattern match
/// or a `__gc` loop runs in C where no hook reaches; in a worker it holds only the
/// worker, which is killed once an input passes ``inputLimit`` plus ``grace``: the
/// world, the server, `/v1/health`, the other clients and the server's signals go on.
/// The next input starts a new worker. The worker's phone is its own, so the audio
/// settings its code makes (`audio.configure{}`, `audio.activate()`) are reported and
/// taken on by the served phone, whose route the dashboard's audio panel shows.
///
/// Every method runs on the world's thread; the worker's lines are posted into it.
final class IsolatedConsole: WorldConsole {
    /// Where workers connect, known once the server listens (its port may be picked then).
    final class Endpoint: Sendable {
        private let setup = Locked<(url: String, token: String)?>(nil)
        let outputDirectory: String?

        init(outputDirectory: String?) { self.outputDirectory = outputDirectory }

        func listening(url: String, token: String) { setup.withLock { $0 = (url, token) } }

        /// The worker's first line, or nil before the server listens.
        var setupLine: String? {
            guard let (url, token) = setup.withLock({ $0 }) else { return nil }
            var fields: [String: JSONValue] = ["url": .string(url), "token": .string(token)]
            if let outputDirectory { fields["out"] = .string(outputDirectory) }
            return (try? JSONValue.object(fields).encoded()).map { String(decoding: $0, as: UTF8.self) }
        }
    }

    /// The worker's own limit per input (it interrupts what a hook can reach)...
    static let inputLimit = 10.0
    /// ...and the time after it at which the server kills the worker.
    static let grace = 3.0

    var onSave: ((SavedFile) -> Void)?
    private let world: any GlassesWorld
    private let endpoint: Endpoint
    private var worker: ConsoleWorker?
    private var done: ((String, String) -> Void)?
    /// The running input's number (0: none), read by the kill timer off the world's thread.
    private let running = RunningInput()
    private var generation = 0
    private var killedFor = 0
    /// Completion candidates come from a console of this process that never runs any input.
    private var completer: WorldReplConsole?

    /// The world's thread, checked wherever the console is touched.
    private let owner: ThreadOwner

    init(world: any GlassesWorld, endpoint: Endpoint) {
        self.world = world
        self.endpoint = endpoint
        owner = world.scheduler.thread
    }

    static func factory(endpoint: Endpoint) -> WorldConsole.Factory {
        { world in IsolatedConsole(world: world, endpoint: endpoint) }
    }

    func evaluate(_ code: String, done: @escaping (String, String) -> Void) {
        owner.check()
        guard let worker = worker ?? startWorker() else {
            return done("", "the console could not start its worker (\(ChildProcess.folderOfThisProgram())/glasses console-worker); check the installation\n")
        }
        self.worker = worker
        self.done = done
        generation += 1
        running.number.store(generation)
        guard let line = try? JSONValue.object(["code": .string(code)]).encoded(),
              worker.send(String(decoding: line, as: UTF8.self)) else {
            killedFor = generation
            return worker.kill()
        }
        let (number, running) = (generation, running)
        DispatchQueue.global().asyncAfter(deadline: .now() + Self.inputLimit + Self.grace) { [weak worker] in
            guard running.number.load() == number else { return }
            running.killedAtLimit.store(number)
            worker?.kill()
        }
    }

    func completions(for word: String) -> [String] {
        owner.check()
        if completer == nil { completer = try? WorldReplConsole(world: world, outputDirectory: endpoint.outputDirectory) }
        return completer?.completions(for: word) ?? []
    }

    func close() {
        owner.check()
        running.number.store(0)
        done = nil
        worker?.kill()
        worker = nil
        completer?.close()
        completer = nil
    }

    private func startWorker() -> ConsoleWorker? {
        guard let setup = endpoint.setupLine else { return nil }
        let inbox = world.scheduler.inbox
        let target = SchedulerBoundWeak(self, on: world.scheduler)
        return ConsoleWorker.start(
            ChildProcess.folderOfThisProgram() + "/glasses", setup: setup,
            line: { line in inbox.post { target.open()?.heard(line) } },
            ended: { pid, status in inbox.post { target.open()?.workerEnded(pid, status) } })
    }

    /// A line from the worker: an input's result, a saved file, or its phone's audio settings.
    private func heard(_ line: String) {
        owner.check()
        guard let fields = (try? JSONValue.parse(Array(line.utf8)))?.object else { return }
        if let audio = fields["audio"] {
            ConsoleAudioSettings(json: audio)?.apply(to: world)
            return
        }
        if let path = fields["saved"]?.string, let kind = fields["kind"]?.string.flatMap(SavedFile.Kind.init(rawValue:)) {
            onSave?(SavedFile(path: path, kind: kind))
            return
        }
        finish(output: fields["output"]?.string ?? "", errorOutput: fields["error"]?.string ?? "")
    }

    /// The worker is gone (killed at the limit, or it ended); an input still running is
    /// answered, and the next input starts a new worker.
    private func workerEnded(_ pid: pid_t, _ status: Int32) {
        owner.check()
        guard worker?.pid == pid else { return }
        worker = nil
        guard done != nil else { return }
        // Only what this server did is blamed on the input: a worker that ended by itself crashed.
        let message =
            if killedFor == generation {
                "the input did not reach its console, which was stopped"
            } else if running.killedAtLimit.load() == generation {
                "the input ran past the console's \(Int(Self.inputLimit)) s limit per input in code no interrupt reaches "
                    + "(a pattern match or a __gc loop?) and its console was stopped"
            } else {
                "the console running the input ended by itself (\(Self.describe(status))): a crash in glasses, "
                    + "not a limit; please report it with the input"
            }
        finish(output: "", errorOutput: "glasses: \(message); the next input starts a new one\n")
    }

    /// A worker's end as its status says: an exit code, or the signal that ended it.
    static func describe(_ status: Int32) -> String {
        guard status > 128 else { return "exit \(status)" }
        let names: [Int32: String] = [SIGILL: "SIGILL", SIGABRT: "SIGABRT", SIGSEGV: "SIGSEGV", SIGBUS: "SIGBUS", SIGFPE: "SIGFPE",
                                      SIGKILL: "SIGKILL", SIGTRAP: "SIGTRAP"]
        let signal = status - 128
        return "exit \(status), signal \(signal)" + (names[signal].map { " \($0)" } ?? "")
    }

    private func finish(output: String, errorOutput: String) {
        running.number.store(0)
        let done = self.done
        self.done = nil
        done?(output, errorOutput)
    }
}

/// The number of a console's running input, shared with its kill timer.
private final class RunningInput: Sendable {
    let number = AtomicValue<Int>(0)
    /// The number of the input the kill timer stopped its worker for (0: none).
    let killedAtLimit = AtomicValue<Int>(0)
}
