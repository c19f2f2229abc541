import WearablesModel

/// DAT 1.0 `VoiceInvocationsStream` (MWDATCore, `@MainActor`): the wearer asking Meta AI
/// to start the app. DAT's throws are untyped; a conformance throws DAT's `VoiceInvocationError`.
public protocol DATVoiceInvocationsStream: AnyObject, Sendable {
    /// `invocationsPublisher` (DAT 1.0 delivers only `LaunchApp`).
    var invocationsPublisher: any DATAnnouncer<DATLaunchApp> { get }
    /// `errorPublisher`
    var errorPublisher: any DATAnnouncer<VoiceInvocationError> { get }
    /// `start(deviceIdentifier:) throws`
    func start(deviceIdentifier: DeviceIdentifier) async throws
    /// `stop()`
    func stop() async
}

/// DAT 1.0 `LaunchApp`: one invocation, to be answered exactly once through its handle.
public struct DATLaunchApp: Sendable {
    /// `responseHandle`
    public var responseHandle: any DATResponseHandle
    /// `deviceIdentifier`
    public var deviceIdentifier: DeviceIdentifier
    public init(responseHandle: any DATResponseHandle, deviceIdentifier: DeviceIdentifier) {
        self.responseHandle = responseHandle
        self.deviceIdentifier = deviceIdentifier
    }
}

/// DAT 1.0 `ResponseHandle`: the Bool says whether Meta AI took the answer.
public protocol DATResponseHandle: Sendable {
    /// `sendSuccess(actionOutput:) async -> Bool`
    func sendSuccess(actionOutput: String?) async -> Bool
    /// `sendFailure(actionOutput:) async -> Bool`
    func sendFailure(actionOutput: String?) async -> Bool
    /// Not DAT's (its `LaunchApp` has no id): the name the world behind DAT gave the request,
    /// where it names one (the simulator's MockVoiceInvocationKit), so the id an app shows and
    /// the mock's agree. Nil (the default) over Meta's SDK: the app names it.
    var requestIdentifier: String? { get }
}

extension DATResponseHandle {
    public var requestIdentifier: String? { nil }
}
