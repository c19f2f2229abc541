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

    /// What DAT 1.0 cannot carry, so neither can the backend over it (the bridge core leaves
    /// out the same five, `BridgeConformanceTests.notOverDAT`); every other check must pass.
    static let notOverDAT: [String: String] = [
        "a revoked permission reaches the model":
            "DAT announces no permission change by itself (an app re-checks after handleUrl); the backend hears only its own requests' answers",
        "bandwidth changes drive the camera's ladder": "DAT does not expose the link's bandwidth; the backend reports it as unknown (infinity)",
        "the wearer's inputs reach the device's listeners":
            "DAT 1.0 has no device-level input events (`Device` has state listeners only); its Inputs capability reaches the model instead",
        "a capture while the glasses take their own photo is serviceUnavailable":
            "a capture during a stream is DAT's Stream.capturePhoto(format:), which fails only as StreamError.photoCaptureFailed; PhotoError.serviceUnavailable comes from Camera.photo, which DAT takes with the stream stopped",
        "a standalone photo has its own size, apart from the stream's":
            "during a stream DAT captures with Stream.capturePhoto(format:), at the stream's size; Camera.photo's own resolution needs the stream stopped",
    ]

    static var overDAT: [String] { BackendConformance.checks.map(\.name).filter { notOverDAT[$0] == nil } }

    @Test(arguments: overDAT)
    func theDATBackendHonours(_ behaviour: String) async throws {
        let check = try #require(BackendConformance.checks.first { $0.name == behaviour }).check
        let speed = BackendConformance.countsFramesAgainstTheClock.contains(behaviour) ? 1 : Self.speed
        try await DATRig.with(speed: speed) { rig in try check(rig) }
    }

    @Test func theChecksLeftOutAreChecksThatExist() {
        let names = Set(BackendConformance.checks.map(\.name))
        #expect(Set(Self.notOverDAT.keys).subtracting(names).isEmpty)
        #expect(Self.notOverDAT.keys.sorted() == BridgeConformanceTests.notOverDAT.keys.sorted(),
                "in process or over the wire, DAT carries the same")
    }
}

/// A `DATWorld` over the DAT fake: the model on this thread's wall clock, the simulated
/// glasses on the served world's thread, driven there.
final class DATRig: ConformanceRig {
    let world: DATWorld
    private let served: WorldThread
    var wearables: Wearables { world.wearables }
    var audio: AudioSession { world.audio }
    /// Frames cross two threads and two clocks and are encoded on one and decoded on the
    /// other, while other suites run beside: this checks that they flow, in order, at about
    /// the rate, as over a connection (`RemoteRig`).
    let frameTolerance = 30

    private init(world: DATWorld, served: WorldThread) {
        self.world = world
        self.served = served
    }

    /// Runs `body` with a rig over a ready simulated world at `speed`, on a thread of its own
    /// (off the cooperative pool, which DAT's `async` calls need) but in the test's task, so
    /// what the checks record is the test's, then stops everything.
    static func with(speed: Double, _ body: @escaping @Sendable (DATRig) throws -> Void) async throws {
        let served = WorldThread(SimulatedWorld.ready(seed: 0, clock: .wall, speed: speed))
        let result: Result<Void, Error>
        do {
            let fake = try await FakeWearables(served: served)
            let primed = await DATBackend.prime(fake)
            let thread = ThreadExecutor()
            result = await withTaskExecutorPreference(thread) {
                let rig = DATRig(world: DATWorld(wearables: fake, primed: primed, speed: served.speed, location: "the DAT fake"),
                                 served: served)
                defer { rig.world.close() }
                return Result { try body(rig) }
            }
            thread.finish()
        } catch {
            result = .failure(error)
        }
        await served.stop(endValues: nil)
        try result.get()
    }

    func drive(_ body: @escaping (MockDeviceKit) -> Void) {
        let done = DispatchSemaphore(value: 0)
        let work = KitBody(body: body)
        served.post { world in
            work.body(world.kit)
            done.signal()
        }
        done.wait()
    }

    /// As `RemoteRig.minimumWait`: the whole suite runs in parallel on two cores, and a
    /// bound meant for the model must not fail on the machine's pace instead.
    static let minimumWait: Duration = .seconds(20)

    /// `seconds` of run time, and never less than ``minimumWait`` of wall time.
    func run(until condition: () -> Bool, within seconds: Double) -> Bool {
        let deadline = world.scheduler.now + seconds
        let wallDeadline = ContinuousClock.now + Self.minimumWait
        while !condition() {
            guard world.scheduler.now < deadline || ContinuousClock.now < wallDeadline else { return false }
            world.scheduler.run(for: 0.05)
        }
        return true
    }

    func run(for seconds: Double) { world.scheduler.run(for: seconds) }
}

/// A body that runs on the served world's thread, where the kit lives.
private struct KitBody: @unchecked Sendable {
    let body: (MockDeviceKit) -> Void
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
