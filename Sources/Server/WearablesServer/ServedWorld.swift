import WearablesCore
import WearablesSimulator

/// The one world a server serves: a simulated world on a thread of its own (WearablesSimulator's
/// `WorldThread`), made from a preset, its trace opened and closed as `glasses serve`'s.
public typealias ServedWorld = WorldThread

extension WorldThread {
    /// Builds the world (on the calling thread, before any other can see it) and starts its loop.
    public convenience init(preset: ServeOptions.World, seed: UInt64, speed: Double, classicStalls: Bool = true,
                            traceSink: EventTrace.Sink?) {
        let world = switch preset {
        case .ready: SimulatedWorld.ready(seed: seed, clock: .wall, speed: speed, traceSink: traceSink)
        case .empty: SimulatedWorld.empty(seed: seed, clock: .wall, speed: speed, traceSink: traceSink)
        }
        world.kit.classicStalls = classicStalls
        world.trace.record(source: "serve", event: "start",
                           values: ["world": .string(preset.rawValue), "seed": .string(String(seed)), "speed": .double(world.scheduler.speed)])
        self.init(world)
    }

    /// Ends the world: the trace's end record says why (`ending`), the loop stops, and the
    /// call returns once its thread has. Pending `perform`s fail; later calls do nothing.
    public func stop(_ ending: ServeEnding = .stopped) async {
        await stop(endValues: ending.traceValues)
    }
}
