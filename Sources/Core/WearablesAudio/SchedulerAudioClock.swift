import WearablesCore

/// The core's scheduler as the audio layer's clock: recordings and playback then
/// advance on the run's virtual or wall time, in the same event order as the
/// rest of the world.
public final class SchedulerAudioClock: AudioClock {
    private let scheduler: Scheduler

    public init(_ scheduler: Scheduler) {
        self.scheduler = scheduler
    }

    public var now: Double { scheduler.now }

    public func schedule(after delay: Double, _ action: @escaping () -> Void) -> any AudioCancellable {
        scheduler.schedule(after: delay, action)
    }

    public func schedule(at time: Double, _ action: @escaping () -> Void) -> any AudioCancellable {
        scheduler.schedule(at: time, action)
    }
}

extension TimerToken: AudioCancellable {}
extension ListenerToken: AudioCancellable {}
