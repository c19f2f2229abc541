import LuaHost
import WearablesCore

/// How an app runs a script: on the wall clock by default, since real glasses keep real time;
/// strict sandbox and a memory cap, since a recipe may come from anyone.
public struct EmbeddedConfiguration: Sendable {
    /// The wall clock for real glasses (the default); the virtual clock for a simulated world
    /// that should run as fast as it can (previews, tests).
    public var clock: Scheduler.Clock = .wall
    /// The seed for everything random in the run (a simulated world's, Lua's `math.random`).
    public var seed: UInt64 = 0
    /// What of the standard library the script sees (docs/running.md, "Sandboxes").
    public var sandbox: LuaSandbox = .strict
    /// Lua's memory cap, in bytes.
    public var memoryLimit: Int? = 64 << 20
    /// How long the run may take on its clock before it ends, in seconds; nil: until the script ends.
    public var duration: Double?
    /// Where the script's relative output paths (photos, recordings) go: the app's own folder.
    public var outputDirectory: String?
    /// A JSON Lines trace file, besides the records `EmbeddedScript.events` carries.
    public var tracePath: String?

    public init() {}
}
