import WearablesCore

/// A simulated world on a thread of its own (its scheduler's ``SchedulerThread``): everything
/// that touches the world is posted into that loop. `glasses serve` serves one (WearablesServer's
/// `ServedWorld`), and the DAT fake (GlassesBridgeFake) plays DAT over one, in a bridge or in process.
///
/// `@unchecked Sendable`: the world is only touched on its thread (through `post`/`perform`).
public final class WorldThread: @unchecked Sendable {
    public typealias StoppedError = SchedulerThread.StoppedError

    private let world: SimulatedWorld
    private let loop: SchedulerThread
    public var speed: Double { loop.speed }

    /// Starts the loop of `world`, a world on the wall clock that no other thread has seen yet
    /// (made on the calling thread): from now on it is touched only on its own thread.
    public init(_ world: SimulatedWorld) {
        self.world = world
        loop = SchedulerThread(world.scheduler)
    }

    /// The world's run time now, readable from any thread (a session recording's clock).
    public var runTime: Double { loop.runTime }

    /// Runs `work` on the world's thread, soon; dropped when the world has stopped.
    public func post(_ work: @escaping @Sendable (SimulatedWorld) -> Void) {
        let world = SchedulerBound(world, on: world.scheduler)
        loop.post { work(world.open()) }
    }

    /// Runs `work` on the world's thread and returns its result.
    public func perform<T: Sendable>(_ work: @escaping @Sendable (SimulatedWorld) -> T) async throws(StoppedError) -> T {
        let world = SchedulerBound(world, on: world.scheduler)
        return try await loop.perform { work(world.open()) }
    }

    /// Ends the world: records the trace's end record (`run`/`end` with `endValues`, when given),
    /// stops the loop and waits for its thread to finish. Pending `perform`s fail; later calls do nothing.
    public func stop(endValues: [(String, TraceValue)]?) async {
        let world = SchedulerBound(world, on: world.scheduler)
        await loop.stop {
            if let endValues { world.open().trace.record(source: "run", event: "end", orderedValues: endValues) }
        }
    }
}
