#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Locking
import WearablesCore

/// A simulated world on a thread of its own: its scheduler runs there on the wall clock (at
/// its speed), kept alive by `beginExternalInput`, and everything that touches the world is
/// posted into that loop. `glasses serve` serves one (WearablesServer's `ServedWorld`), and the
/// DAT fake (GlassesBridgeFake) plays DAT over one, in a bridge or in process.
///
/// `@unchecked Sendable`: the world is only touched on its thread (through
/// `post`/`perform`); the rest is behind a lock.
public final class WorldThread: @unchecked Sendable {
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

    /// Starts the loop of `world`, a world on the wall clock that no other thread has seen yet
    /// (made on the calling thread): from now on it is touched only on its own thread.
    public init(_ world: SimulatedWorld) {
        self.world = world
        self.speed = world.scheduler.speed
        world.scheduler.beginExternalInput()
        DetachedThread.start { [self] in
            self.world.scheduler.runUntilIdle()
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

    /// Ends the world: records the trace's end record (`run`/`end` with `endValues`, when given),
    /// stops the loop and waits for its thread to finish. Pending `perform`s fail; later calls do nothing.
    public func stop(endValues: [(String, TraceValue)]?) async {
        let first = state.withLock { state in
            defer { state.stopped = true }
            return !state.stopped
        }
        if first {
            post { world in
                if let endValues { world.trace.record(source: "run", event: "end", orderedValues: endValues) }
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
