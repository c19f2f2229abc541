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
