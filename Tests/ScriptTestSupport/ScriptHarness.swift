import Foundation
import GlassesScript
import LuaHost

/// Runs a Lua test script from Scripts/ in this process, through the same
/// runtime `glasses run` uses, on the virtual clock with a fixed seed.
public enum ScriptHarness {
    public static func run(
        _ name: String, world: RunOptions.World = .ready, seed: UInt64 = 1, arguments: [String] = [],
        trace: String? = nil, out: String? = nil, duration: Double? = nil
    ) throws -> LuaRunOutcome {
        let path = GlassesProcess.script(name)
        var options = RunOptions()
        options.world = world
        options.seed = seed
        options.tracePath = trace
        options.outputDirectory = out
        options.duration = duration
        let runtime = try ScriptRuntime(options: options, modulePaths: LuaRunner.modulePaths(forScript: path))
        return runtime.close(runtime.run(script: path, arguments: arguments))
    }

    public static func temporaryDirectory() throws -> String { try GlassesProcess.temporaryDirectory() }
}
