import WearablesCore

/// MockMotionKit for one pair (DAT 1.0 `services.motion`): what the IMU reports. A feed
/// set at a time replays from then, looping; the model reads it lazily, so a feed
/// nobody reads costs nothing.
public final class SimulatedMotion: MotionFeedSource {
    /// Feeds by the run time they were set at, oldest first (a sample reads the feed of its time).
    private var feeds: [(since: Double, feed: MotionFeed)] = [(0, .pose(.level))]
    public private(set) var hasIMU = true
    weak var glasses: SimulatedGlasses?
    /// The most recorded samples kept over all feeds (`MotionCSV.maxKeptSamples`; smaller in tests).
    let maxKeptSamples: Int

    public init(maxKeptSamples: Int = MotionCSV.maxKeptSamples) {
        self.maxKeptSamples = maxKeptSamples
    }

    /// Glasses paired without motion sensors: their Motion fails with `sensorUnavailable`.
    public func removeIMU() { hasIMU = false }

    public var current: MotionFeed { feeds[feeds.count - 1].feed }

    /// The most feeds kept (the newest); older ones are never read.
    public static let maxKeptFeeds = 16

    /// The recorded samples the kept feeds hold together.
    public var keptSamples: Int {
        feeds.reduce(0) { total, entry in
            if case .samples(let samples) = entry.feed { return total + samples.count }
            return total
        }
    }

    /// How many feeds are kept (the pose it starts with counts).
    public var keptFeeds: Int { feeds.count }

    public func setFeed(_ feed: MotionFeed) {
        let now = glasses?.scheduler.now ?? 0
        feeds.append((now, feed))
        // Only the latest few matter: samples older than the buffer are never read. At most
        // 16 feeds, holding no more than MotionCSV.maxKeptSamples samples in all unless the
        // latest alone does (a new recording drops the oldest first).
        if feeds.count > Self.maxKeptFeeds { feeds.removeFirst(feeds.count - Self.maxKeptFeeds) }
        while feeds.count > 1, keptSamples > maxKeptSamples { feeds.removeFirst() }
        glasses?.kit.record("motion_feed", [("glasses", .string(glasses?.identifier ?? "")), ("feed", .string(Self.describe(feed)))])
    }

    public func sample(at time: Double) -> MotionSample {
        let entry = feeds.last { $0.since <= time } ?? feeds[0]
        return entry.feed.sample(after: time - entry.since)
    }

    static func describe(_ feed: MotionFeed) -> String {
        switch feed {
        case .pose(let pose): pose.name
        case .samples(let samples): "\(samples.count) samples"
        }
    }
}
