import Dispatch
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import HeapModule
import ThreadOwnership
import Locking

/// The single owner of time for a wearables world.
///
/// Everything in the model (device changes, session transitions, frames, photos,
/// script timers) happens as an event on this scheduler, on the thread that calls
/// `run`. That single-threaded design is what makes traces reproducible and lets a
/// Lua binding resume coroutines without locks. Only `post` may be called from
/// other threads.
public final class Scheduler {
    /// How the scheduler advances time.
    public enum Clock: String, Sendable, CaseIterable {
        /// Time jumps straight to the next event: an hour of streaming takes seconds.
        case virtual
        /// Events fire at real times (REPL, `--realtime`).
        case wall
    }

    /// Why `run` returned.
    public enum StopReason: String, Sendable, Equatable {
        /// The deadline passed to `run(until:idleAdvances:)` was reached.
        case deadline
        /// Nothing is scheduled and nothing can be posted: no event can ever happen again.
        case idle
        /// `stop()` was called.
        case stopped
    }

    public let clock: Clock
    /// Run seconds per wall second on the wall clock (`glasses serve --speed N`); 1 otherwise.
    public let speed: Double
    /// The one random generator for everything random in this world.
    public var random: SeededRandom
    /// Seconds since the scheduler was created, on its clock.
    public private(set) var now: Double = 0

    private var timers = Heap<ScheduledEvent>()
    private var nextSequence: UInt64 = 0
    private var stopRequested = false
    /// The thread-safe way in: hand this to other threads so they can `post`.
    public let inbox = SchedulerInbox()
    /// The thread running the loop: events are scheduled, and bound values opened, only there.
    public let thread = ThreadOwner("a Scheduler")
    private let wallStart = ContinuousClock.now

    /// - Parameters:
    ///   - clock: virtual (default) or wall.
    ///   - seed: seeds the world's random generator; the same seed gives the same run.
    ///   - speed: on the wall clock, how many run seconds pass per real second (> 0).
    public init(clock: Clock = .virtual, seed: UInt64 = 0, speed: Double = 1) {
        self.clock = clock
        self.speed = clock == .wall && speed.isFinite && speed > 0 ? speed : 1
        self.random = SeededRandom(seed: seed)
    }

    /// Runs `action` `delay` seconds from now (negative delays count as zero).
    @discardableResult
    public func schedule(after delay: Double, _ action: @escaping () -> Void) -> TimerToken {
        schedule(at: now + max(0, delay.isFinite ? delay : 0), action)
    }

    /// Runs `action` at run time `time` (or now, if `time` has passed).
    /// Events at the same time run in the order they were scheduled.
    @discardableResult
    public func schedule(at time: Double, _ action: @escaping () -> Void) -> TimerToken {
        thread.check()
        let token = TimerToken()
        let event = ScheduledEvent(time: max(now, time), sequence: nextSequence, token: token, action: action)
        nextSequence &+= 1
        timers.insert(event)
        return token
    }

    /// Thread-safe: queues `action` to run on the scheduler's thread as soon as possible
    /// and wakes a wall-clock loop that is waiting for its next timer.
    public func post(_ action: @escaping @Sendable () -> Void) {
        inbox.post(action)
    }

    /// Keeps a wall-clock run alive while nothing is scheduled, because input may still
    /// be posted (a REPL reading stdin). Call `endExternalInput` when the source closes.
    public func beginExternalInput() { inbox.changeSources(by: 1) }

    /// Balances `beginExternalInput`.
    public func endExternalInput() { inbox.changeSources(by: -1) }

    /// Makes the running loop return `.stopped` after the current event. Thread-safe
    /// when called through `post`; call directly from inside an event.
    public func stop() { stopRequested = true }

    /// Asked before every event: true ends ``run(until:idleAdvances:)`` with `.stopped`. The
    /// script layer answers whether its run was stopped (a timeout from another
    /// thread), so a loop of events that never reaches script code still ends.
    public var interruption: (() -> Bool)?

    /// Called after every event, on the scheduler's thread: properties a run
    /// checks "after every event" (a script's `expect`) hook in here. What the inbox
    /// brought in one pass (a served world's messages) counts as one event.
    public var afterEvent: (() -> Void)?

    /// The smallest interval the scheduler tells apart. Shorter positive delays
    /// are refused by the script layer: added to a large `now`, they would not
    /// move time forward, and a repeating timer would fire forever at one instant.
    public static let resolution = 1e-6

    /// Runs events until `deadline` (run time), until idle, or until `stop()`.
    ///
    /// Idle means nothing is scheduled and, on the wall clock, no external input source
    /// is open: no event can ever happen again. On the virtual clock an idle run with a
    /// finite deadline still advances `now` to it, since nothing could happen in between,
    /// unless `idleAdvances` is false: a deadline that is only a safety net (a script run's
    /// 24 h) leaves `now` at the last event, so what reports the idle run says when it was.
    @discardableResult
    public func run(until deadline: Double = .infinity, idleAdvances: Bool = true) -> StopReason {
        let claimed = thread.enter()
        defer { if claimed { thread.leave() } }
        stopRequested = false
        while true {
            drainInbox()
            if stopRequested || interruption?() == true { return .stopped }
            if clock == .wall { syncWallTime() }
            let next = nextLiveEvent()
            if let next, next.time <= deadline, clock == .virtual || next.time <= now {
                _ = timers.popMin()
                now = max(now, next.time)
                next.token.markFired()
                next.action()
                afterEvent?()
                continue
            }
            if next == nil, !waitsForInput {
                if clock == .virtual, deadline.isFinite, idleAdvances { now = max(now, deadline) }
                return .idle
            }
            if clock == .virtual || now >= deadline {
                if clock == .virtual { now = max(now, deadline) }
                return .deadline
            }
            let wakeUp = min(next?.time ?? .infinity, deadline)
            inbox.wait(seconds: wakeUp.isFinite ? (wakeUp - now) / speed : nil)
        }
    }

    /// Whether an idle loop waits for input from outside (a served world's events on
    /// the wall clock) rather than ending: such a loop is never idle.
    public var waitsForInput: Bool { clock == .wall && inbox.hasSources }

    /// Runs until nothing can happen any more (or `stop()`).
    @discardableResult
    public func runUntilIdle() -> StopReason { run(until: .infinity) }

    /// Runs for `duration` seconds of run time.
    @discardableResult
    public func run(for duration: Double) -> StopReason { run(until: now + max(0, duration)) }

    /// Whether any live (not cancelled) event is scheduled.
    public var hasPendingEvents: Bool { nextLiveEvent() != nil }

    private func nextLiveEvent() -> ScheduledEvent? {
        while let first = timers.min {
            if first.token.isCancelled { _ = timers.popMin(); continue }
            return first
        }
        return nil
    }

    private func drainInbox() {
        let actions = inbox.takeAll()
        guard !actions.isEmpty else { return }
        if clock == .wall { syncWallTime() }
        for action in actions { action() }
        // What came in together is one event: a served world's messages change what checks see as timers do.
        afterEvent?()
    }

    private func syncWallTime() {
        let elapsed = ContinuousClock.now - wallStart
        now = max(now, (Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18) * speed)
    }
}

/// Cancels a scheduled event. Cancelling after it fired does nothing.
public final class TimerToken {
    public private(set) var isCancelled = false
    public private(set) var hasFired = false
    init() {}
    public func cancel() { isCancelled = true }
    func markFired() { hasFired = true }
}

struct ScheduledEvent: Comparable {
    let time: Double
    let sequence: UInt64
    let token: TimerToken
    let action: () -> Void

    static func < (lhs: Self, rhs: Self) -> Bool {
        lhs.time != rhs.time ? lhs.time < rhs.time : lhs.sequence < rhs.sequence
    }
    static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.time == rhs.time && lhs.sequence == rhs.sequence
    }
}

/// The thread-safe mailbox of a scheduler: other threads post actions here and the
/// scheduler's loop runs them on its own thread. A semaphore wakes the loop: unlike
/// a condition variable, a post made just before the loop waits is never missed.
public final class SchedulerInbox: Sendable {
    private struct State {
        var actions: [@Sendable () -> Void] = []
        var sources = 0
        var closed = false
    }
    private let state = Locked(State())
    private let wakeUp = DispatchSemaphore(value: 0)

    init() {}

    /// Queues `action` for the scheduler's thread and wakes a waiting wall-clock loop;
    /// once the inbox is closed, drops it.
    public func post(_ action: @escaping @Sendable () -> Void) {
        let queued = state.withLock { state in
            guard !state.closed else { return false }
            state.actions.append(action)
            return true
        }
        if queued { wakeUp.signal() }
    }

    /// No loop will take the inbox's actions again (its thread has ended): what is queued
    /// and what is posted later is released instead of kept for good, with whatever it holds.
    public func close() {
        let dropped = state.withLock { state in
            state.closed = true
            defer { state.actions = [] }
            return state.actions
        }
        _ = consume dropped  // released here, outside the lock: a closure's captures may post in their deinit
    }

    func takeAll() -> [@Sendable () -> Void] {
        state.withLock { state in
            defer { state.actions.removeAll(keepingCapacity: true) }
            return state.actions
        }
    }

    func changeSources(by delta: Int) {
        state.withLock { $0.sources = max(0, $0.sources + delta) }
        wakeUp.signal()
    }

    var hasSources: Bool { state.withLock { $0.sources > 0 || !$0.actions.isEmpty } }

    /// Blocks until something is posted or `seconds` pass (forever when nil). It may
    /// return early (a wake-up left from an earlier post); the loop checks again.
    func wait(seconds: Double?) {
        if state.withLock({ !$0.actions.isEmpty }) { return }
        if let seconds {
            guard seconds > 0 else { return }
            _ = wakeUp.wait(timeout: .now() + seconds)
        } else {
            wakeUp.wait()
        }
    }
}
