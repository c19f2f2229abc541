import WearablesModel

/// DAT 1.0 `DeviceSession` (MWDATCore) with the capability adders of MWDATCamera
/// (`addCamera(config:)`), MWDATSpeech (`addSpeech()`), MWDATDisplay (`addDisplay()`) and
/// MWDATInputs (`addInputs(configuration:)`, `removeInputs()`) and MWDATMotion (`addMotion(configuration:)`, `removeMotion()`).
/// `SessionState` is DAT's `DeviceSessionState` (idle, starting, started, paused, stopping, stopped).
public protocol DATDeviceSession: AnyObject, Sendable {
    /// `deviceId`
    var deviceId: DeviceIdentifier { get }
    /// `state`
    var state: SessionState { get }
    /// `statePublisher`
    var statePublisher: any DATAnnouncer<SessionState> { get }
    /// `errorPublisher`: why the session stopped, or a non-blocking warning (`dwaOutOfStuRange`).
    var errorPublisher: any DATAnnouncer<DeviceSessionError> { get }
    /// `start() throws(DeviceSessionError)`: the state then moves to `started` (or `stopped`).
    func start() throws(DeviceSessionError)
    /// `stop()`
    func stop()
    /// `addCamera(config:) throws(DeviceSessionError) -> Camera?` (MWDATCamera 1.0; `addStream` before it).
    func addCamera(config: StreamConfiguration) throws(DeviceSessionError) -> (any DATCamera)?
    /// `addSpeech() throws(DeviceSessionError) -> Speech?` (MWDATSpeech).
    func addSpeech() throws(DeviceSessionError) -> (any DATSpeech)?
    /// `addDisplay() throws(DeviceSessionError) -> Display` (MWDATDisplay; non-optional in DAT).
    func addDisplay() throws(DeviceSessionError) -> any DATDisplay
    /// `addInputs(configuration:) throws(DeviceSessionError) -> Inputs?` (MWDATInputs; nil unless started).
    func addInputs(configuration: InputsConfiguration) throws(DeviceSessionError) -> (any DATInputs)?
    /// `removeInputs() throws(DeviceSessionError)`: frees the slot for another Inputs (`capabilityNotFound` without one).
    func removeInputs() throws(DeviceSessionError)
    /// `addMotion(configuration:) throws(DeviceSessionError) -> Motion?` (MWDATMotion; returned stopped).
    func addMotion(configuration: MotionConfiguration) throws(DeviceSessionError) -> (any DATMotion)?
    /// `removeMotion() throws(DeviceSessionError)`
    func removeMotion() throws(DeviceSessionError)
}
