/// The samples a pair's IMU streamed (over the wire, `motion_samples`; in process, DAT's
/// `Motion.samples`), placed on this clock by their own timestamps: the glasses' clock plus the smallest gap seen between a batch's newest sample
/// and its arrival, so a sample is never placed before it could have arrived, and a batch
/// that came late does not shift the ones after it. Sample-and-hold: a read gets the newest
/// sample placed at or before its time.
public final class StreamedMotion {
    public init() {}

    /// Oldest first; the newest `Motion.bufferLimit` only, all a reader can reach back to.
    private var samples: [(time: Double, sample: MotionSample)] = []
    /// This clock minus the glasses' (seconds).
    private var offset: Double?

    public func receive(_ batch: [MotionSample], at now: Double) {
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

    public func sample(at time: Double) -> MotionSample? {
        samples.last { $0.time <= time }?.sample
    }

    private static func seconds(_ sample: MotionSample) -> Double { Double(sample.timestampNs) / 1e9 }
}
