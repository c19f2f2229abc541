import Locking
import Testing
import WearablesCore

/// A scheduler's own thread: work posted after its loop has ended is released, never kept.
struct SchedulerThreadTests {
    /// Held by posted work; says when that work was released.
    final class Held: Sendable {
        let released: Locked<Bool>
        init(_ released: Locked<Bool>) { self.released = released }
        deinit { released.withLock { $0 = true } }
    }

    @Test func workPostedAfterTheLoopStoppedIsReleasedAndNeverRuns() async {
        let thread = SchedulerThread(Scheduler(clock: .wall))
        await thread.stop()
        let released = Locked(false)
        let ran = Locked(false)
        do {
            let held = Held(released)
            thread.post { _ = held; ran.withLock { $0 = true } }
        }
        #expect(released.withLock { $0 }, "work posted to a stopped loop is kept, with all it holds")
        #expect(!ran.withLock { $0 })
    }
}
