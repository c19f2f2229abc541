import DATInterface
import WearablesAudio
import WearablesCore
import WearablesMock
import WearablesWorld

/// Glasses through DAT, in this process: a wall-clock scheduler (DAT's glasses keep real
/// time), the DAT model over a ``DATBackend``, and the phone's audio session (the phone is
/// this process). Over Meta's SDK (the adapter) these are real glasses; over the simulator
/// (the fake) a simulated world at its own speed, whose controls may come as `mock`.
public final class DATWorld: GlassesWorld {
    public let scheduler: Scheduler
    public let trace: EventTrace
    public let backend: DATBackend
    public let wearables: Wearables
    public let audio: AudioSession
    private let streamAudioWatch: StreamAudioWatch
    public let mock: (any MockControl)?
    public let location: String
    private var closed = false

    private let onClose: (() -> Void)?

    /// A world over `wearables`, from its state as ``DATBackend/prime(_:)`` read it, on
    /// `scheduler` (a wall clock: 1 run second per wall second over real glasses, a simulated
    /// world's own speed over a fake). `mock` is the simulator's controls, where one stands
    /// behind DAT; `microphone` what a pair's microphone sounds like to the phone (nil: silence,
    /// as DAT carries none); `onClose` runs once the world closed (a fake's world stops).
    public init(wearables dat: any DATWearables, primed: DATBackend.Primed, scheduler: Scheduler,
                location: String = "glasses through DAT", traceSink: EventTrace.Sink? = nil, mock: (any MockControl)? = nil,
                microphone: ((DeviceIdentifier) -> MicrophoneFeed?)? = nil, onClose: (() -> Void)? = nil) {
        self.scheduler = scheduler
        trace = EventTrace(scheduler: scheduler, sink: traceSink)
        backend = DATBackend(wearables: dat, primed: primed, scheduler: scheduler, trace: trace)
        wearables = Wearables(backend: backend)
        audio = AudioSession(clock: SchedulerAudioClock(scheduler),
                             glasses: DeviceListAudioEndpoint(wearables: wearables, microphone: microphone ?? { _ in nil }),
                             noise: SchedulerNoiseSource(scheduler))
        backend.audio = audio
        streamAudioWatch = StreamAudioWatch(audio: audio, wearables: wearables)
        self.location = location
        self.mock = mock
        self.onClose = onClose
        // DAT's listeners may post at any time: the wall-clock loop waits for them.
        scheduler.beginExternalInput()
        trace.record(source: "dat", event: "start", values: ["location": .string(location), "speed": .double(scheduler.speed)])
    }

    /// A world over `wearables` on a wall clock of its own at `speed`.
    public convenience init(wearables dat: any DATWearables, primed: DATBackend.Primed, speed: Double = 1, seed: UInt64 = 0,
                            location: String = "glasses through DAT", traceSink: EventTrace.Sink? = nil) {
        self.init(wearables: dat, primed: primed, scheduler: Scheduler(clock: .wall, seed: seed, speed: speed), location: location,
                  traceSink: traceSink)
    }

    /// Reads DAT's world (``DATBackend/prime(_:)``), then makes the world over it.
    public static func make(wearables: any DATWearables, speed: Double = 1, seed: UInt64 = 0,
                            location: String = "glasses through DAT", traceSink: EventTrace.Sink? = nil) async -> DATWorld {
        let primed = await DATBackend.prime(wearables)
        return DATWorld(wearables: wearables, primed: primed, speed: speed, seed: seed, location: location, traceSink: traceSink)
    }

    /// Ends the sessions the backend opened and stops listening to DAT; the scheduler no longer
    /// waits for it. Call on the scheduler's thread (or once it no longer runs).
    public func close() {
        guard !closed else { return }
        closed = true
        backend.close()
        scheduler.endExternalInput()
        onClose?()
    }
}
