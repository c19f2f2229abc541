import GlassesScript
import WearablesCore
import WearablesSimulator

extension ScriptRuntime {
    /// A runtime on the simulator preset `options.world` names, as `glasses run` builds
    /// one without `--connect`: what most tests run on.
    public convenience init(options: RunOptions, modulePaths: [String] = [], plugins: [GlassesPlugin] = ScriptRuntime.builtInPlugins) throws {
        try self.init(options: options, world: Self.simulated(options), modulePaths: modulePaths, plugins: plugins)
    }

    public static func simulated(_ options: RunOptions) -> WorldMaker {
        { sink in
            let clock: Scheduler.Clock = options.realtime ? .wall : .virtual
            return switch options.world {
            case .ready: SimulatedWorld.ready(seed: options.seed, clock: clock, traceSink: sink)
            case .empty: SimulatedWorld.empty(seed: options.seed, clock: clock, traceSink: sink)
            }
        }
    }
}
