import MWDATCore
import Synchronization

/// The glasses' IMU on a session, added `stopped`. `start()` moves it to `starting`, and on
/// to `started` when the session's glasses answer at once; otherwise the test moves it on
/// (`reach(_:)`). The test sends samples (`send(_:)`) and fails it (`fail(with:)`); removal
/// and the session's end finish the sample stream.
public final class Motion: Sendable {
    public let samples: AsyncStream<MotionSample>
    public let configuration: MotionConfiguration
    private let continuation: AsyncStream<MotionSample>.Continuation
    private let answersAtOnce: Bool
    private let current = Mutex<MotionState>(.stopped)
    private let stateChanges = Broadcast<MotionState>()
    private let errors = Broadcast<MotionError>()
    private let closed = Mutex(false)

    init(configuration: MotionConfiguration, answersAtOnce: Bool) {
        self.configuration = configuration
        self.answersAtOnce = answersAtOnce
        // DAT keeps the newest 256 samples for its one reader.
        (samples, continuation) = AsyncStream.makeStream(of: MotionSample.self, bufferingPolicy: .bufferingNewest(256))
    }

    public var statePublisher: any Announcer<MotionState> { stateChanges }
    public var errorPublisher: any Announcer<MotionError> { errors }
    public var state: MotionState { current.withLock { $0 } }

    public func start() {
        guard state == .stopped else { return }
        reach(.starting)
        if answersAtOnce { reach(.started) }
    }

    public func stop() {
        guard state == .started || state == .starting else { return }
        reach(.stopping)
        reach(.stopped)
    }

    // MARK: The test's hand on the glasses

    package func reach(_ state: MotionState) {
        current.withLock { $0 = state }
        stateChanges.publish(state)
    }

    package func send(_ sample: MotionSample) {
        continuation.yield(sample)
    }

    /// The glasses' Motion fails: the error, then `stopped`.
    package func fail(with error: MotionError) {
        errors.publish(error)
        reach(.stopped)
    }

    /// Whether the capability was removed (`removeMotion()`) or ended with its session.
    package var isClosed: Bool { closed.withLock { $0 } }

    func close() {
        closed.withLock { $0 = true }
        stop()
        continuation.finish()
    }
}

extension Motion: StandInCapability {
    package func sessionStopped() {
        close()
    }
}

extension DeviceSession {
    /// With DAT's rules: nil unless the session is started, one Motion per session, returned stopped.
    public func addMotion(configuration: MotionConfiguration = MotionConfiguration()) throws(DeviceSessionError) -> Motion? {
        guard state == .started else { return nil }
        let motion = Motion(configuration: configuration, answersAtOnce: answersAtOnce)
        try attach(motion, as: "motion")
        return motion
    }

    /// Terminal for the Motion; `capabilityNotFound` when there is none.
    public func removeMotion() throws(DeviceSessionError) {
        guard let motion = capability("motion") as? Motion else { throw .capabilityNotFound }
        detach(motion, as: "motion")
        motion.close()
    }
}
