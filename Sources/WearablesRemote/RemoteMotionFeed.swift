import WearablesCore

/// The IMU of served glasses as the model reads it: recorded samples this process's mock
/// gave them, else the newest sample they streamed, else their mirrored pose.
final class RemoteMotionFeed: MotionFeedSource {
    private let recorded: () -> (since: Double, feed: MotionFeed)?
    private let streamed: (Double) -> MotionSample?
    private let pose: () -> MotionPose
    private var since: (pose: MotionPose, time: Double)?

    init(recorded: @escaping () -> (since: Double, feed: MotionFeed)?, streamed: @escaping (Double) -> MotionSample?,
         pose: @escaping () -> MotionPose) {
        self.recorded = recorded
        self.streamed = streamed
        self.pose = pose
    }

    func sample(at time: Double) -> MotionSample {
        if let recorded = recorded(), recorded.since <= time { return recorded.feed.sample(after: time - recorded.since) }
        if let sample = streamed(time) { return sample }
        let now = pose()
        if since?.pose != now { since = (now, time) }
        return MotionFeed.pose(now).sample(after: time - (since?.time ?? time))
    }
}

/// The samples a pair's IMU streamed (`motion_samples`), placed on this clock by their own
/// timestamps: the glasses' clock plus the smallest gap seen between a batch's newest sample
/// and its arrival, so a sample is never placed before it could have arrived, and a batch
/// that came late does not shift the ones after it. Sample-and-hold: a read gets the newest
/// sample placed at or before its time.
final class StreamedMotion {
    /// Oldest first; the newest `Motion.bufferLimit` only, all a reader can reach back to.
    private var samples: [(time: Double, sample: MotionSample)] = []
    /// This clock minus the glasses' (seconds).
    private var offset: Double?

    func receive(_ batch: [MotionSample], at now: Double) {
        guard let newest = batch.last else { return }
        offset = min(offset ?? .infinity, now - Self.seconds(newest))
        let offset = offset ?? 0
        for sample in batch {
            let time = Self.seconds(sample) + offset
            // Glasses' timestamps only go forward; one that does not is held from its arrival.
            samples.append((max(time, samples.last?.time ?? time), sample))
        }
        if samples.count > Motion.bufferLimit { samples.removeFirst(samples.count - Motion.bufferLimit) }
    }

    func sample(at time: Double) -> MotionSample? {
        samples.last { $0.time <= time }?.sample
    }

    private static func seconds(_ sample: MotionSample) -> Double { Double(sample.timestampNs) / 1e9 }
}
