/// DAT `VoiceInvocationError`.
public enum VoiceInvocationError: String, NamedWearablesError {
    case deviceNotFound, invalidWearablesInterface, channelNotConnected, channelError, failToSendInitRequest, failToSendMessage,
        initRequestError, invalidActionMessageProto, unknownMessageType, actionFailed, invalidSessionState

    public var message: String {
        switch self {
        case .deviceNotFound: "no such device; start the stream on one of wearables.devices()"
        case .invalidWearablesInterface: "the Wearables interface is not usable; configure the SDK first"
        case .channelNotConnected: "the glasses are not connected, so their voice channel is not; start again once they are"
        case .channelError: "the voice channel to the glasses failed"
        case .failToSendInitRequest: "the stream could not send its init request to the glasses"
        case .failToSendMessage: "a message to the glasses could not be sent"
        case .initRequestError: "the glasses refused the stream's init request"
        case .invalidActionMessageProto: "the glasses sent a malformed action (an incomplete invocation); it was not delivered"
        case .unknownMessageType: "the glasses sent a message of an unknown type"
        case .actionFailed: "the action failed on the glasses"
        case .invalidSessionState: "the stream is in no state to do that"
        }
    }
}

/// How Meta AI heard the app's answer to one invocation (what the mock records).
public enum VoiceAnswer: String, NamedCase, Sendable {
    /// Not answered yet; Meta AI still waits.
    case pending
    /// `sendSuccess`.
    case success
    /// `sendFailure`.
    case failure
    /// Meta AI waited `VoiceInvocationsStream.metaAIWait` and reported the app as not responding *(ours)*.
    case timeout
}

/// A second answer to one invocation.
public enum VoiceInvocationAnswerError: Error, Sendable, Equatable, CustomStringConvertible {
    case alreadyAnswered(requestID: String, answer: VoiceAnswer)

    public var description: String {
        switch self {
        case .alreadyAnswered(let id, let answer):
            "invocation \(id) was already answered (\(answer.name)); DAT answers each invocation exactly once"
        }
    }
}
