import Foundation
import DATFake
import Locking
import Testing
import WearablesAudio
import WearablesCore
import WearablesDAT
import WearablesSimulator

/// The DAT backend through the backend contract, in process: every entry of
/// `BackendConformance.checks` that DAT can carry, each on its own `DATWorld` over the
/// simulator-backed DAT fake (`FakeWearables` over a `WorldThread`). No socket and no wire:
/// the model calls DAT-shaped methods and hears DAT's listeners, as it would over Meta's SDK
/// through the adapter. The fake's simulated world runs on its own thread at 4x real time
/// (checks that count frames, at real time), and the model's wall clock keeps its pace, as
/// in `BridgeConformanceTests`; the checks drive the simulated glasses on the world's thread.
@Suite(.serialized) struct DATConformanceTests {
    static let speed = 4.0

    @Test(arguments: BackendConformance.overDAT)
    func theDATBackendHonours(_ behaviour: String) async throws {
        let check = try #require(BackendConformance.checks.first { $0.name == behaviour }).check
        let speed = BackendConformance.countsFramesAgainstTheClock.contains(behaviour) ? 1 : Self.speed
        try await DATRig.with(speed: speed) { rig in try check(rig) }
    }
}

/// A `DATWorld` over the DAT fake: the model on this thread's wall clock, the simulated
/// glasses on the fake's world thread, driven there.
enum DATRig {
    /// Runs `body` with a rig over a ready simulated world at `speed`, on a thread of its own
    /// (off the cooperative pool, which DAT's `async` calls need) but in the test's task, so
    /// what the checks record is the test's, then stops everything.
    static func with(speed: Double, _ body: @escaping @Sendable (ThreadedWorldRig<DATWorld>) throws -> Void) async throws {
        let glasses = WorldThread(SimulatedWorld.ready(seed: 0, clock: .wall, speed: speed))
        let result: Result<Void, Error>
        do {
            let fake = try await FakeWearables(served: glasses)
            let primed = await DATBackend.prime(fake)
            let thread = ThreadExecutor()
            result = await withTaskExecutorPreference(thread) {
                let world = DATWorld(wearables: fake, primed: primed, speed: glasses.speed, location: "the DAT fake")
                let rig = ThreadedWorldRig(world: world, glasses: glasses)
                defer { rig.world.close() }
                return Result { try body(rig) }
            }
            thread.finish()
        } catch {
            result = .failure(error)
        }
        await glasses.stop(endValues: nil)
        try result.get()
    }
}

/// A task executor with a thread of its own: a check that blocks (it runs the model's clock
/// in a loop) blocks only this thread, and stays in its test's task, whose task-locals say
/// which test an expectation that fails belongs to (a bare `Thread` loses them).
private final class ThreadExecutor: TaskExecutor, @unchecked Sendable {
    private let jobs = Locked<[UnownedJob]>([])
    private let finished = Locked(false)
    private let wakeUp = DispatchSemaphore(value: 0)

    init() {
        Thread { [self] in
            while true {
                wakeUp.wait()
                let (batch, done) = (jobs.withLock { jobs in defer { jobs.removeAll() }; return jobs }, finished.withLock { $0 })
                for job in batch { job.runSynchronously(on: asUnownedTaskExecutor()) }
                if done, batch.isEmpty { return }
            }
        }.start()
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        jobs.withLock { $0.append(job) }
        wakeUp.signal()
    }

    /// Ends the thread once the jobs given so far ran.
    func finish() {
        finished.withLock { $0 = true }
        wakeUp.signal()
    }
}
