import DATFake
import Dispatch
import GlassesScript
import Locking
import LuaHost
import WearablesCore
import WearablesDAT
import WearablesRemote
import WearablesSimulator
import WearablesWire
import WearablesWorld

/// The one place a backend is named: the world a command's options ask for, the
/// served world `--connect` names, the recorded one `--replay` names, the simulator played
/// through the DAT backend (`--dat-fake`), or else the simulator preset `--world` names.
/// Everything below the command line sees only the `GlassesWorld` it builds.
enum RunWorld {
    static func maker(for options: RunOptions) -> ScriptRuntime.WorldMaker {
        { sink in
            if let path = options.replay {
                // Checked whole first (its damaged lines said now), then read again as it replays: never held whole.
                let scanned = try SessionRecordingReader.scan(path: path)
                for problem in scanned.problems { tell("replay: \(problem)") }
                if scanned.problemCount > scanned.problems.count {
                    tell("replay: \(scanned.problemCount - scanned.problems.count) more lines of \(path) were left out")
                }
                let replay = RemoteWorld.replaying(path: path, scanned: scanned, seed: options.seed, traceSink: sink)
                replay.backend.onNotice = tell
                return replay
            }
            if let url = options.connect {
                let remote = try RemoteWorld(url: url, token: options.token, seed: options.seed, traceSink: sink, capture: options.capture)
                remote.backend.onNotice = tell
                return remote
            }
            if options.datFake { return try datFake(options, traceSink: sink) }
            let clock: Scheduler.Clock = options.realtime ? .wall : .virtual
            return switch options.world {
            case .ready: SimulatedWorld.ready(seed: options.seed, clock: clock, traceSink: sink)
            case .empty: SimulatedWorld.empty(seed: options.seed, clock: clock, traceSink: sink)
            }
        }
    }

    /// The DAT backend in process over the DAT fake: the simulator (the `--world` preset, the
    /// seed) on a thread of its own at `--speed`, played through DAT (`FakeWearables`), and the
    /// model on this thread's wall clock at the same pace; `mock` drives the simulated world.
    private static func datFake(_ options: RunOptions, traceSink: EventTrace.Sink?) throws -> DATWorld {
        let simulated = switch options.world {
        case .ready: SimulatedWorld.ready(seed: options.seed, clock: .wall, speed: options.speed)
        case .empty: SimulatedWorld.empty(seed: options.seed, clock: .wall, speed: options.speed)
        }
        let thread = WorldThread(simulated)
        let (fake, primed) = try waitFor { () async throws -> (FakeWearables, DATBackend.Primed) in
            let fake = try await FakeWearables(served: thread)
            return (fake, await DATBackend.prime(fake))
        }
        let scheduler = Scheduler(clock: .wall, seed: options.seed, speed: thread.speed)
        let mock = FakeMockControl(world: thread, scheduler: scheduler)
        let world = DATWorld(
            wearables: fake, primed: primed, scheduler: scheduler, location: "the simulator played through DAT (--dat-fake)",
            traceSink: traceSink, mock: mock, microphone: { [unowned mock] in mock.microphoneFeed(of: $0) },
            onClose: { _ = try? waitFor { await thread.stop(endValues: nil) } })
        mock.permissionsChanged = { [unowned world] in world.backend.refreshPermissions() }
        return world
    }

    /// Waits on this thread (never a task's) for `work`, which runs on the cooperative pool.
    private static func waitFor<T: Sendable>(_ work: @escaping @Sendable () async throws -> T) throws -> T {
        let outcome = Locked<Result<T, any Error>?>(nil)
        let done = DispatchSemaphore(value: 0)
        Task {
            let result: Result<T, any Error>
            do { result = .success(try await work()) } catch { result = .failure(error) }
            outcome.withLock { $0 = result }
            done.signal()
        }
        done.wait()
        return try outcome.withLock { $0 }!.get()
    }

    /// Says something about the world on stderr, after what the script printed so far.
    private static func tell(_ notice: String) {
        LuaConsole.flushOutput()
        LuaConsole.writeError("glasses: \(notice)\n")
    }
}
