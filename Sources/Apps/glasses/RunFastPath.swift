import GlassesScript
import LuaHost
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `glasses run [OPTIONS] SCRIPT [ARGS...]` read by hand, when every argument is
/// plain, so a run starts without ArgumentParser: its first parse reflects over
/// every command's properties and scans the binary's protocol conformances, most
/// of the start-up time of `glasses run empty.lua` (scripts/bench section 3).
///
/// Anything it does not know for sure (help, `--version`, an unknown or repeated
/// option, `--opt=value`, a value that does not parse or validate, a script or
/// script argument starting with '-') makes ``init(_:)`` fail, and ArgumentParser
/// parses the whole line as before, so every message and exit code stays its own.
/// The options and their meaning mirror ``WorldOptions``, ``ScriptLimitOptions``
/// and ``RunTimelineOptions`` (its options always go to ArgumentParser).
struct RunFastPath {
    private(set) var options = RunOptions()
    private(set) var script = ""
    private(set) var arguments: [String] = []

    /// The options after `run`, or nil to leave the line to ArgumentParser.
    init?(_ line: ArraySlice<String>) {
        guard line.first == "run" else { return nil }
        var seen: Set<String> = []
        var rest = line.dropFirst()
        var token: String?
        while let argument = rest.first, argument.hasPrefix("-") {
            rest = rest.dropFirst()
            guard seen.insert(argument).inserted else { return nil }
            if argument == "--realtime" {
                options.realtime = true
                continue
            }
            // Every other option takes the next argument as its value.
            guard let value = rest.first, !value.hasPrefix("-") else { return nil }
            rest = rest.dropFirst()
            switch argument {
            case "--world":
                guard let world = RunOptions.World(rawValue: value) else { return nil }
                options.world = world
            case "--seed":
                guard let seed = UInt64(value) else { return nil }
                options.seed = seed
            case "--for":
                guard let seconds = DurationParser.seconds(value) else { return nil }
                options.duration = seconds
            case "--connect": options.connect = value
            case "--capture": options.capture = value
            case "--replay": options.replay = value
            case "--token": token = value
            case "--trace": options.tracePath = value
            case "--out":
                if WorldOptions.outProblem(value) != nil { return nil }
                options.outputDirectory = value
            case "--sandbox":
                guard let sandbox = LuaSandbox(rawValue: value) else { return nil }
                options.sandbox = sandbox
            case "--max-memory":
                guard let bytes = LuaByteCount.parse(value), bytes >= RunOptions.smallestMemoryLimit else { return nil }
                options.memoryLimit = bytes
            case "--timeout":
                guard let timeout = Double(value), timeout > 0, timeout <= LuaStateOptions.longestTimeout else { return nil }
                options.timeout = timeout
            default: return nil
            }
        }
        guard WorldOptions.sessionProblem(connect: options.connect, capture: options.capture, replay: options.replay,
                                          realtime: options.realtime) == nil else { return nil }
        guard let script = rest.first else { return nil }
        arguments = Array(rest.dropFirst())
        // ArgumentParser looks for built-in flags (--help, ---completion, ...) even among a
        // script's arguments; leave any dash to it.
        guard !arguments.contains(where: { $0.hasPrefix("-") }) else { return nil }
        self.script = script
        options.token = token ?? getenv("GLASSES_TOKEN").map { String(cString: $0) }
    }

    /// Runs the script and exits as `RunCommand` does through ``Glasses/main()``.
    func run() -> Never {
        let status = RunCommand.run(options, script: script, arguments: arguments)
        exit(status.code)
    }
}
