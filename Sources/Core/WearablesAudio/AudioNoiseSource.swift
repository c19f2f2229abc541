import WearablesCore

/// A deterministic source of uniform values in [-1, 1) for microphone noise.
public protocol AudioNoiseSource: AnyObject {
    func nextSample() -> Double
}

/// Noise from the run's one seeded generator, so the same seed and script give
/// the same recorded bytes and no second random stream exists.
public final class SchedulerNoiseSource: AudioNoiseSource {
    private let scheduler: Scheduler

    public init(_ scheduler: Scheduler) {
        self.scheduler = scheduler
    }

    public func nextSample() -> Double { scheduler.random.unit() * 2 - 1 }
}

/// Noise from its own generator, for an audio session without a scheduler (tests, tools).
public final class SeededNoiseSource: AudioNoiseSource {
    private var random: SeededRandom

    public init(seed: UInt64) {
        random = SeededRandom(seed: seed)
    }

    public func nextSample() -> Double { random.unit() * 2 - 1 }
}
