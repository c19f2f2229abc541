import WearablesModel

/// DAT 1.0 `Motion` (MWDATMotion, experimental): the glasses' IMU. Added to a started
/// session it is `stopped`; `start()` streams samples at the configuration's rate until
/// `stop()` (a pause: `start()` may follow); `removeMotion()` is terminal.
public protocol DATMotion: AnyObject, Sendable {
    /// `configuration`
    var configuration: MotionConfiguration { get }
    /// `state`
    var state: MotionState { get }
    /// `statePublisher`
    var statePublisher: any DATAnnouncer<MotionState> { get }
    /// `errorPublisher`: `sensorUnavailable`, `capabilityClosed`, `deviceDisconnected`.
    var errorPublisher: any DATAnnouncer<MotionError> { get }
    /// `samples`: one reader; DAT keeps the newest 256 for it.
    var samples: AsyncStream<MotionSample> { get }
    /// `start()`
    func start()
    /// `stop()`
    func stop()
}
