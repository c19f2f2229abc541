#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Locking

/// A scheduler's loop on a thread of its own, on the wall clock (at its speed), kept alive
/// by `beginExternalInput` until ``stop(finally:)``. What the loop owns is touched only
/// through ``post(_:)`` and ``perform(_:)``, which run their work on that thread. A served
/// simulated world runs on one (`WorldThread`), and so does a bridge's world over DAT.
///
/// `@unchecked Sendable`: off the loop's thread the scheduler is reached only through its
/// inbox (`post`, which is thread-safe) and its speed (a constant); the rest is behind a lock.
public final class SchedulerThread: @unchecked Sendable {
    /// Why `perform` could not run its work: the loop has stopped.
    public struct StoppedError: Error, CustomStringConvertible {
        public var description: String { "the served world has stopped" }
    }

    private let scheduler: Scheduler
    public var speed: Double { scheduler.speed }
    private struct State {
        var stopped = false
        var nextWaiter = 0
        /// Continuations of `perform` calls not yet run, failed when the loop stops.
        var waiters: [Int: @Sendable () -> Void] = [:]
        var onExit: [@Sendable () -> Void] = []
        var exited = false
    }
    private let state = Locked(State())
    /// When the wall clock started, for ``runTime`` off the loop's thread.
    private let started = ContinuousClock.now

    /// Starts `scheduler`'s loop, on a scheduler no other thread has touched yet: from now on
    /// it runs on its own thread.
    public init(_ scheduler: Scheduler) {
        self.scheduler = scheduler
        scheduler.beginExternalInput()
        DetachedThread.start { [self] in
            _ = self.scheduler.runUntilIdle()
            exited()
        }
    }

    /// The run time now, readable from any thread (a session recording's clock): the
    /// scheduler's wall clock, started with the loop, at `speed`.
    public var runTime: Double {
        let elapsed = ContinuousClock.now - started
        return (Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18) * speed
    }

    /// Runs `work` on the loop's thread, soon; dropped once the loop has stopped.
    public func post(_ work: @escaping @Sendable () -> Void) { scheduler.inbox.post(work) }

    /// Runs `work` on the loop's thread and returns its result.
    public func perform<T: Sendable>(_ work: @escaping @Sendable () -> T) async throws(StoppedError) -> T {
        let result: Result<T, StoppedError> = await withCheckedContinuation { continuation in
            let ticket: Int? = state.withLock { state in
                guard !state.stopped else { return nil }
                let ticket = state.nextWaiter
                state.nextWaiter += 1
                state.waiters[ticket] = { continuation.resume(returning: .failure(StoppedError())) }
                return ticket
            }
            guard let ticket else { return continuation.resume(returning: .failure(StoppedError())) }
            post { [self] in
                // Whoever removes the ticket resumes: this job or the loop's exit, never both.
                guard state.withLock({ $0.waiters.removeValue(forKey: ticket) }) != nil else { return }
                continuation.resume(returning: .success(work()))
            }
        }
        return try result.get()
    }

    /// Ends the loop: runs `last` on its thread (a trace's end record), stops it and waits for
    /// its thread to finish. Pending `perform`s fail; later calls only wait.
    public func stop(finally last: (@Sendable () -> Void)? = nil) async {
        let first = state.withLock { state in
            defer { state.stopped = true }
            return !state.stopped
        }
        if first {
            post { [self] in
                last?()
                scheduler.endExternalInput()
                scheduler.stop()
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
        scheduler.inbox.close()
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
