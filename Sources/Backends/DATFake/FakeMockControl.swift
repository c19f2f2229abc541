import Dispatch
import Locking
import WearablesCore
import WearablesMock
import WearablesSimulator

/// The simulator's controls over the world a DAT fake plays, for a model that runs on another
/// thread's scheduler (the DAT backend in process, `glasses run --dat-fake`): each action is
/// applied on the world's thread, and its answer comes back into the model's loop after what
/// the action made DAT report there, as a served world's reply follows its events.
public final class FakeMockControl: MockControl {
    private let world: WorldThread
    private let scheduler: Scheduler
    /// The glasses as last read; what `paired` answers if the world no longer answers.
    private var mirror: [MockGlassesState] = []
    /// What each pair's microphone hears, as the script's mock set it: the phone is the model's
    /// process, which hears the glasses' microphone through this (DAT carries no sound).
    private var microphones: [DeviceIdentifier: MicrophoneFeed] = [:]
    /// Runs, in the model's loop, after an action changed a permission in the simulated Meta AI
    /// app: DAT announces none, so the model's backend asks again, as an app does after `handleUrl`.
    public var permissionsChanged: (() -> Void)?

    /// How long `paired` waits for the world's thread before answering from its mirror.
    static let readTimeout: DispatchTimeInterval = .seconds(5)

    public init(world: WorldThread, scheduler: Scheduler) {
        self.world = world
        self.scheduler = scheduler
    }

    /// The world's glasses now, read on its thread (the model waits that long).
    public var paired: [MockGlassesState] {
        let read = Locked<[MockGlassesState]?>(nil)
        let done = DispatchSemaphore(value: 0)
        world.post { world in
            read.withLock { $0 = world.paired }
            done.signal()
        }
        if done.wait(timeout: .now() + Self.readTimeout) == .success, let glasses = read.withLock({ $0 }) { mirror = glasses }
        return mirror
    }

    public func perform(_ action: MockAction, done: @escaping (Result<MockGlassesState?, MockActionError>) -> Void) {
        if case .device(let id, .microphoneFeed(let feed)) = action { microphones[id] = feed }
        let refreshes: Bool = switch action {
        case .setPermission, .reset: true
        default: false
        }
        let answer = SchedulerBoundWeak(self, on: scheduler)
        let done = SchedulerBound(done, on: scheduler)
        let inbox = scheduler.inbox
        world.post { world in
            let result = world.apply(action)
            inbox.post {
                if refreshes { answer.open()?.permissionsChanged?() }
                done.open()(result)
            }
        }
    }

    /// What the script's mock set the pair's microphone to hear; nil: silence.
    public func microphoneFeed(of identifier: DeviceIdentifier) -> MicrophoneFeed? { microphones[identifier] }
}
