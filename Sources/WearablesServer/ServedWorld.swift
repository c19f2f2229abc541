#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Locking
import WearablesCore
import WearablesSimulator

/// The one world a server serves, on a thread of its own: its scheduler runs
/// there on the wall clock (at `speed`), kept alive by `beginExternalInput`, and
/// everything that touches the world is posted into that loop.
///
/// `@unchecked Sendable`: the world is only touched on its thread (through
/// `post`/`perform`); the rest is behind a lock.
public final class ServedWorld: @unchecked Sendable {
    /// Why `perform` could not run its work: the world has stopped.
    public struct StoppedError: Error, CustomStringConvertible {
        public var description: String { "the served world has stopped" }
    }

    private let world: SimulatedWorld
    public let speed: Double
    private struct State {
        var stopped = false
        var nextWaiter = 0
        /// Continuations of `perform` calls not yet run, failed when the world stops.
        var waiters: [Int: @Sendable () -> Void] = [:]
        var onExit: [@Sendable () -> Void] = []
        var exited = false
    }
    private let state = Locked(State())
    /// When the world's wall clock started, for ``runTime`` off the world's thread.
    private let started = ContinuousClock.now

    /// Builds the world (on the calling thread, before any other can see it) and starts its loop.
    public init(preset: ServeOptions.World, seed: UInt64, speed: Double, classicStalls: Bool = true,
                traceSink: EventTrace.Sink?) {
        switch preset {
        case .ready: world = SimulatedWorld.ready(seed: seed, clock: .wall, speed: speed, traceSink: traceSink)
        case .empty: world = SimulatedWorld.empty(seed: seed, clock: .wall, speed: speed, traceSink: traceSink)
        }
        world.kit.classicStalls = classicStalls
        self.speed = world.scheduler.speed
        world.scheduler.beginExternalInput()
        world.trace.record(source: "serve", event: "start",
                           values: ["world": .string(preset.rawValue), "seed": .string(String(seed)), "speed": .double(self.speed)])
        DetachedThread.start { [self] in
            world.scheduler.runUntilIdle()
            exited()
        }
    }

    /// The world's run time now, readable from any thread (a session recording's clock):
    /// the scheduler's wall clock, started with the world, at `speed`.
    public var runTime: Double {
        let elapsed = ContinuousClock.now - started
        return (Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18) * speed
    }

    /// Runs `work` on the world's thread, soon; dropped when the world has stopped.
    public func post(_ work: @escaping @Sendable (SimulatedWorld) -> Void) {
        let world = SchedulerBound(world, on: world.scheduler)
        self.world.scheduler.post { work(world.open()) }
    }

    /// Runs `work` on the world's thread and returns its result.
    public func perform<T: Sendable>(_ work: @escaping @Sendable (SimulatedWorld) -> T) async throws(StoppedError) -> T {
        let result: Result<T, StoppedError> = await withCheckedContinuation { continuation in
            let ticket: Int? = state.withLock { state in
                guard !state.stopped else { return nil }
                let ticket = state.nextWaiter
                state.nextWaiter += 1
                state.waiters[ticket] = { continuation.resume(returning: .failure(StoppedError())) }
                return ticket
            }
            guard let ticket else { return continuation.resume(returning: .failure(StoppedError())) }
            post { [self] world in
                // Whoever removes the ticket resumes: this event or the world's exit, never both.
                guard state.withLock({ $0.waiters.removeValue(forKey: ticket) }) != nil else { return }
                continuation.resume(returning: .success(work(world)))
            }
        }
        return try result.get()
    }

    /// Ends the world: records the trace's end record, stops the loop and waits
    /// for its thread to finish. Pending `perform`s fail; later calls do nothing.
    public func stop(_ ending: ServeEnding = .stopped) async {
        let first = state.withLock { state in
            defer { state.stopped = true }
            return !state.stopped
        }
        if first {
            post { world in
                world.trace.record(source: "run", event: "end", orderedValues: ending.traceValues)
                world.scheduler.endExternalInput()
                world.scheduler.stop()
            }
        }
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let done = state.withLock { state in
                if !state.exited { state.onExit.append { continuation.resume() } }
                return state.exited
            }
            if done { continuation.resume() }
        }
    }

    private func exited() {
        let (waiters, onExit) = state.withLock { state in
            state.stopped = true
            state.exited = true
            defer { state.waiters.removeAll(); state.onExit.removeAll() }
            return (Array(state.waiters.values), state.onExit)
        }
        for waiter in waiters { waiter() }
        for action in onExit { action() }
    }
}
