import LuaHost
import WearablesCore

/// Everything that shapes one run of a script: the world it starts in, its
/// clock and seed, its limits, and where its outputs go.
public struct RunOptions: Sendable {
    /// The simulated world a run starts in.
    public enum World: String, CaseIterable, Sendable {
        /// One paired Ray-Ban Meta, powered, unfolded, worn, registered, camera granted.
        case ready
        /// Nothing paired, not registered.
        case empty
    }

    public var world: World = .ready
    public var seed: UInt64 = 0
    /// Wall clock instead of the virtual clock.
    public var realtime = false
    /// Run-time limit on the run's own clock (virtual or wall), in seconds.
    public var duration: Double?
    /// JSON Lines event log.
    public var tracePath: String?
    /// Where relative output paths (photos, frames, recordings) go.
    public var outputDirectory: String?
    public var sandbox: LuaSandbox = .standard
    public var memoryLimit: Int?
    /// The smallest `memoryLimit` a run accepts: Lua and the built-in modules take
    /// part of it before the script's first line, and the rest leaves room for a script.
    public static let smallestMemoryLimit = 1 << 20
    /// Wall-clock limit for the whole run, in seconds.
    public var timeout: Double?
    /// A served world to run against (`glasses serve`'s URL) instead of the embedded simulator.
    public var connect: String?
    /// The served world's token.
    public var token: String?
    /// With `connect`: where the session is written, for `replay` (docs/replay.md).
    public var capture: String?
    /// A recorded session to replay as the world (`--replay`), on the virtual clock.
    public var replay: String?
    /// The simulator played through DAT in this process (`--dat-fake`): the DAT backend over the
    /// DAT fake, on the wall clock at `speed`, instead of the embedded simulator.
    public var datFake = false
    /// With `datFake`: run seconds per wall second.
    public var speed: Double = 1
    /// A fault schedule file that `mock.chaos{}` replays instead of drawing one (`--faults`).
    public var faultsPath: String?
    /// How the user reaches a wider sandbox (`LuaStateOptions.sandboxAdvice`): the
    /// command line's flag, unless the run is somewhere no flag reaches (a console).
    public var sandboxAdvice: @Sendable (LuaSandbox) -> String = { sandbox in
        sandbox == .trusted ? "run with --sandbox trusted" : "run with --sandbox standard or --sandbox trusted"
    }
    /// The command line's names for the limits, said in their messages (a console has none).
    public var limitNames = LuaLimitNames(memory: "--max-memory", timeout: "--timeout")
    /// Where `print`, `log` and uncaught errors go instead of stdout and stderr: an app that
    /// embeds the host, which has no terminal (GlassesEmbedding). Nil: the terminal.
    public var output: ScriptOutputSink?

    public init() {}
}
