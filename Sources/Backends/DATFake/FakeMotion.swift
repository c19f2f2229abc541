import DATInterface
import Locking
import WearablesCore
import WearablesSimulator

/// DAT's `Motion` over the simulated glasses' IMU (MockMotionKit): `start()` streams the pair's
/// feed at the configured rate (`IMUStream`, the world's run time as the glasses' clock) into
/// `samples`, none while the link is down; glasses without an IMU publish `sensorUnavailable`
/// and stay stopped. DAT keeps the newest 256 samples for the one reader.
final class FakeMotion: DATMotion {
    let configuration: MotionConfiguration
    let samples: AsyncStream<MotionSample>
    private let continuation: AsyncStream<MotionSample>.Continuation
    private let device: DeviceIdentifier
    private let served: WorldThread
    private let stateCell = FakeStateCell<MotionState>(.stopped)
    private let errors = FakeAnnouncer<MotionError>()
    /// The stream of samples, on the world's thread, while started.
    private let stream = Locked<SchedulerBound<IMUStream>?>(nil)

    init(device: DeviceIdentifier, configuration: MotionConfiguration, served: WorldThread) {
        self.device = device
        self.configuration = configuration
        self.served = served
        (samples, continuation) = AsyncStream.makeStream(of: MotionSample.self, bufferingPolicy: .bufferingNewest(Motion.bufferLimit))
    }

    var state: MotionState { stateCell.current }
    var statePublisher: any DATAnnouncer<MotionState> { stateCell.announcer }
    var errorPublisher: any DATAnnouncer<MotionError> { errors }

    func start() {
        guard state == .stopped else { return }
        stateCell.set(.starting)
        served.post { [self] world in
            guard state == .starting else { return }
            guard let feed = world.kit.motionFeed(on: device) else {
                errors.emit(.sensorUnavailable)
                return stateCell.set(.stopped)
            }
            let (kit, device, continuation) = (world.kit, device, continuation)
            let imu = IMUStream(feed: feed, rate: configuration.samplingRate, scheduler: world.scheduler) { sample in
                guard kit.glasses(device)?.link == .connected else { return }
                continuation.yield(sample)
            }
            stream.withLock { $0 = SchedulerBound(imu, on: world.scheduler) }
            stateCell.set(.started)
        }
    }

    func stop() {
        guard state == .started || state == .starting else { return }
        stateCell.set(.stopping)
        halt()
        stateCell.set(.stopped)
    }

    /// The session ended: a lost link is `deviceDisconnected`; the stream of samples ends.
    func ended(linkLost: Bool) {
        if linkLost, state != .stopped { errors.emit(.deviceDisconnected) }
        halt()
        stateCell.set(.stopped)
        continuation.finish()
    }

    private func halt() {
        guard let imu = stream.withLock({ stream in defer { stream = nil }; return stream }) else { return }
        served.post { _ in imu.open().stop() }
    }
}
