/// The glasses' IMU streamed at a DAT rate, as their Motion sends it to the phone: one sample
/// a period from the feed, the first one period after the start, stamped with the world's run
/// time in nanoseconds (the glasses' monotonic clock here). For samples that leave the
/// world: a served world's `watch_motion` and the DAT fake's Motion; the model in process
/// reads the feed itself.
public final class IMUStream {
    private let scheduler: Scheduler
    private let feed: MotionFeedSource
    private let period: Double
    private let started: Double
    private let deliver: (MotionSample) -> Void
    private var produced = 0
    private var timer: TimerToken?

    public init(feed: MotionFeedSource, rate: MotionSamplingRate, scheduler: Scheduler, deliver: @escaping (MotionSample) -> Void) {
        self.feed = feed
        self.scheduler = scheduler
        self.deliver = deliver
        period = 1 / Double(rate.hertz)
        started = scheduler.now
        scheduleNext()
    }

    public func stop() {
        timer?.cancel()
        timer = nil
    }

    /// By the sample's number, not by adding periods up: a long stream does not drift.
    private func scheduleNext() {
        let time = started + Double(produced + 1) * period
        timer = scheduler.schedule(at: time) { [weak self] in
            guard let self else { return }
            self.produced += 1
            var sample = self.feed.sample(at: time)
            sample.timestampNs = Int64(saturating: time * 1e9)
            self.scheduleNext()
            self.deliver(sample)
        }
    }
}
