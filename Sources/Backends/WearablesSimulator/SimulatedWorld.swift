import WearablesAudio
import WearablesCore

/// A complete simulated world: scheduler, trace, MockDeviceKit, the app-facing
/// `Wearables` and the phone's audio session, in the presets the CLI offers.
public final class SimulatedWorld {
    public let scheduler: Scheduler
    public let trace: EventTrace
    public let kit: MockDeviceKit
    public let wearables: Wearables
    /// The phone's audio session, routed to the kit's glasses, on the world's clock
    /// and seeded generator.
    public let audio: AudioSession
    private var streamAudioWatch: StreamAudioWatch?

    /// Nothing paired, app not registered, no permissions. `speed` is run seconds per
    /// wall second on the wall clock (`glasses serve --speed`).
    public init(seed: UInt64 = 0, clock: Scheduler.Clock = .virtual, speed: Double = 1, traceSink: EventTrace.Sink? = nil) {
        scheduler = Scheduler(clock: clock, seed: seed, speed: speed)
        trace = EventTrace(scheduler: scheduler, sink: traceSink)
        kit = MockDeviceKit(scheduler: scheduler, trace: trace)
        wearables = Wearables(backend: kit)
        audio = AudioSession(
            clock: SchedulerAudioClock(scheduler), glasses: KitAudioEndpoint(kit: kit), noise: SchedulerNoiseSource(scheduler))
        kit.audio = audio
        streamAudioWatch = StreamAudioWatch(audio: audio, wearables: wearables)
    }

    /// The `empty` preset.
    public static func empty(seed: UInt64 = 0, clock: Scheduler.Clock = .virtual, speed: Double = 1,
                             traceSink: EventTrace.Sink? = nil) -> SimulatedWorld {
        SimulatedWorld(seed: seed, clock: clock, speed: speed, traceSink: traceSink)
    }

    /// The `ready` preset: one Ray-Ban Meta, powered on, unfolded, worn and connected,
    /// battery 80 %, app registered, camera permission granted, a moving synthetic scene.
    public static func ready(seed: UInt64 = 0, clock: Scheduler.Clock = .virtual, speed: Double = 1,
                             traceSink: EventTrace.Sink? = nil) -> SimulatedWorld {
        let world = SimulatedWorld(seed: seed, clock: clock, speed: speed, traceSink: traceSink)
        world.kit.reset(registered: true, permissions: [.camera: .granted])
        world.kit.pairReadyGlasses()
        return world
    }

    /// The first paired glasses (the one pair of the `ready` world).
    public var glasses: SimulatedGlasses? { kit.glasses.first }
}
