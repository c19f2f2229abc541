import ArgumentParser
import GlassesScript
import WearablesCore
import WearablesRemote
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `glasses console-worker`: one console of `glasses serve` in a process of its own,
/// connected to the served world as `glasses repl --connect` is. A pattern match or a
/// finalizer can loop in C where no hook reaches; in here it holds only this process,
/// which the server kills when an input passes its limit (`IsolatedConsole`).
///
/// Stdin: a first JSON line `{"url", "token", "out"}` (the token kept off the command
/// line, where other users could read it), then `{"code"}` per input. Stdout: a JSON
/// line per finished input (`{"output", "error"}`), per saved file (`{"saved", "kind"}`)
/// and per change of the phone's audio settings (`{"audio"}`: this process's phone is
/// not the served one, which takes them on; ``ConsoleAudioSettings``).
/// Stdin's end (the server closed the console, or ended) ends this process, from the
/// reading thread, even while the world's thread is stuck.
struct ConsoleWorkerCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "console-worker",
        abstract: "Run one of glasses serve's consoles (started by glasses serve, speaking JSON lines on stdin and stdout).",
        shouldDisplay: false)

    func run() throws {
        guard let first = readLine(), let setup = try? JSONValue.parse(Array(first.utf8)).object,
              let url = setup["url"]?.string else {
            ConsoleWorkerCommand.emit(["error": .string("glasses console-worker: no setup line {\"url\":...} on stdin\n"), "output": ""])
            throw ExitStatus.usage
        }
        // Named "console" in its hello, so the dashboard says what the console holds as the console's.
        let world = try RemoteWorld(url: url, token: setup["token"]?.string, seed: 0, client: "console", traceSink: nil)
        let console = try WorldReplConsole(world: world, outputDirectory: setup["out"]?.string)
        console.onSave = { file in ConsoleWorkerCommand.emit(["saved": .string(file.path), "kind": .string(file.kind.rawValue)]) }
        console.onAudioSettings = { settings in ConsoleWorkerCommand.emit(["audio": settings.json]) }
        let scheduler = world.scheduler
        let (target, inbox) = (SchedulerBound(console, on: scheduler), scheduler.inbox)
        DetachedThread.start {
            while let line = readLine() {
                guard let code = (try? JSONValue.parse(Array(line.utf8)))?.object?["code"]?.string else { continue }
                inbox.post {
                    target.open().evaluate(code) { output, errorOutput in
                        ConsoleWorkerCommand.emit(["output": .string(output), "error": .string(errorOutput)])
                    }
                }
            }
            _exit(0)
        }
        scheduler.beginExternalInput()
        while true { _ = scheduler.run() }
    }

    /// One JSON line on stdout, written whole.
    static func emit(_ fields: [String: JSONValue]) {
        guard let data = try? JSONValue.object(fields).encoded() else { return }
        RawFile.standardOutput.write(Array(data) + [UInt8(ascii: "\n")])
    }
}
