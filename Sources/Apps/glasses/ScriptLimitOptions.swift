import ArgumentParser
import GlassesScript
import LuaHost

extension LuaSandbox: ExpressibleByArgument {}

/// Sandbox and resource limits, shared by every command that runs Lua.
struct ScriptLimitOptions: ParsableArguments {
    // Optional so `recipe run` can tell an explicit choice from the default.
    @Option(help: "What the script may use: strict, standard (the default) or trusted (everything, like lua5.4); glasses run --help says what each removes.")
    var sandbox: LuaSandbox?

    @Option(
        name: .customLong("max-memory"), parsing: .unconditional, help: ArgumentHelp("Memory cap for Lua, at least 1M, e.g. 64M or 1G.", valueName: "size"),
        transform: { text in
            guard let bytes = LuaByteCount.parse(text) else {
                throw ValidationError("use a number with an optional K, M or G suffix, e.g. 64M")
            }
            // Below this the state cannot even be set up: a usage error, not the run's limit (3).
            guard bytes >= RunOptions.smallestMemoryLimit else {
                throw ValidationError("too small: at least \(RunOptions.smallestMemoryLimit >> 20)M")
            }
            return bytes
        })
    var maxMemory: Int?

    @Option(parsing: .unconditional, help: ArgumentHelp("Wall-clock limit for the whole run.", valueName: "seconds"))
    var timeout: Double?

    func validate() throws {
        if let timeout, !(timeout > 0 && timeout <= LuaStateOptions.longestTimeout) {
            throw ValidationError("--timeout must be a positive number of seconds, at most \(Int(LuaStateOptions.longestTimeout))")
        }
    }

    func apply(to options: inout RunOptions) {
        options.sandbox = sandbox ?? .standard
        options.memoryLimit = maxMemory
        options.timeout = timeout
    }
}
