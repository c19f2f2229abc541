import Synchronization

/// How the app answers one invocation; the Bool says whether Meta AI took the answer.
public protocol ResponseHandle: Sendable {
    func sendSuccess(actionOutput: String?) async -> Bool
    func sendFailure(actionOutput: String?) async -> Bool
}

/// Something the wearer asked Meta AI to do with this app.
public protocol VoiceInvocation: Sendable {}

/// "Hey Meta, start <app>".
public struct LaunchApp: VoiceInvocation {
    public let responseHandle: any ResponseHandle
    public let deviceIdentifier: DeviceIdentifier

    public init(responseHandle: any ResponseHandle, deviceIdentifier: DeviceIdentifier) {
        self.responseHandle = responseHandle
        self.deviceIdentifier = deviceIdentifier
    }
}

public enum VoiceInvocationError: DatError, Equatable {
    case deviceNotFound
    case invalidWearablesInterface
    case channelNotConnected
    case channelError
    case failToSendInitRequest
    case failToSendMessage
    case initRequestError
    case invalidActionMessageProto
    case unknownMessageType
    case actionFailed
    case invalidSessionState

    public var description: String {
        switch self {
        case .deviceNotFound: "the device is not known"
        case .invalidWearablesInterface: "the Wearables instance cannot carry voice invocations"
        case .channelNotConnected: "the channel to the glasses is not connected"
        case .channelError: "the channel to the glasses failed"
        case .failToSendInitRequest: "the glasses did not take the start request"
        case .failToSendMessage: "the glasses did not take a message"
        case .initRequestError: "the glasses refused the start request"
        case .invalidActionMessageProto: "the glasses sent a malformed action"
        case .unknownMessageType: "the glasses sent an unknown message"
        case .actionFailed: "the action failed"
        case .invalidSessionState: "the stream is not in a state for this"
        }
    }
}

/// The wearer's invocations of this app. The test invokes (`launch(on:)`) and fails it.
@MainActor
public final class VoiceInvocationsStream {
    private let wearables: StandInWearables
    private let invocations = Broadcast<any VoiceInvocation>()
    private let errors = Broadcast<VoiceInvocationError>()
    private var device: DeviceIdentifier?

    public var invocationsPublisher: any Announcer<any VoiceInvocation> { invocations }
    public var errorPublisher: any Announcer<VoiceInvocationError> { errors }

    public init(wearables: any WearablesInterface) throws {
        guard let standIn = wearables as? StandInWearables else { throw VoiceInvocationError.invalidWearablesInterface }
        self.wearables = standIn
    }

    /// Listens on `deviceIdentifier`; starting again moves the stream there.
    public func start(deviceIdentifier: DeviceIdentifier) throws {
        guard wearables.deviceForIdentifier(deviceIdentifier) != nil else { throw VoiceInvocationError.deviceNotFound }
        device = deviceIdentifier
    }

    public func stop() {
        device = nil
    }

    /// The wearer says the app's name on `device`: a `LaunchApp` when the stream listens
    /// there (its handle records the answer), nil otherwise.
    package func launch(on device: DeviceIdentifier) -> StandInResponseHandle? {
        guard self.device == device else { return nil }
        let handle = StandInResponseHandle()
        invocations.publish(LaunchApp(responseHandle: handle, deviceIdentifier: device))
        return handle
    }

    package func fail(with error: VoiceInvocationError) {
        errors.publish(error)
    }
}

/// Records the one answer Meta AI takes; a second is refused.
package final class StandInResponseHandle: ResponseHandle {
    package enum Answer: Equatable, Sendable {
        case success(String?)
        case failure(String?)
    }

    private let recorded = Mutex<Answer?>(nil)

    package var answer: Answer? { recorded.withLock { $0 } }

    package func sendSuccess(actionOutput: String?) async -> Bool { record(.success(actionOutput)) }
    package func sendFailure(actionOutput: String?) async -> Bool { record(.failure(actionOutput)) }

    private func record(_ answer: Answer) -> Bool {
        recorded.withLock { current in
            guard current == nil else { return false }
            current = answer
            return true
        }
    }
}
