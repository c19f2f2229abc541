/// DAT `SpeechState`.
public enum SpeechState: String, NamedCase { case starting, started, stopping, stopped }

/// DAT `SpeechError`.
public enum SpeechError: String, NamedWearablesError {
    case deviceDisconnected, invalidState, unavailable, alreadyListening, startFailed, unexpectedError
    public var message: String {
        switch self {
        case .deviceDisconnected: "the glasses disconnected; speech stopped"
        case .invalidState: "speech is in no state to do that (removed, or its session ended); add a new one to a started session"
        case .unavailable: "these glasses have no on-device speech recognition"
        case .alreadyListening: "speech is already listening; stop() first"
        case .startFailed: "speech could not start: it needs the microphone permission (wearables.request_permission(\"microphone\")) and glasses that answer the start"
        case .unexpectedError: "speech recognition failed on the glasses"
        }
    }

    /// The mock's raw error codes (Android `SpeechRecognizer` numbering, as DAT's mock takes) as a SpeechError *(ours)*:
    /// client (5) and insufficient permissions (9) fail the start, busy (8) is already listening, language not supported (12) or
    /// unavailable (13) is `unavailable`, the rest are unexpected.
    public init(androidCode: Int) {
        switch androidCode {
        case 5, 9: self = .startFailed
        case 8: self = .alreadyListening
        // ERROR_LANGUAGE_NOT_SUPPORTED (12), ERROR_LANGUAGE_UNAVAILABLE (13): no recogniser on the
        // device for the locale, DAT's `unavailable` ("no on-device speech", SpeechErrors.strings).
        case 12, 13: self = .unavailable
        default: self = .unexpectedError
        }
    }
}

/// DAT `TranscriptionResult`: confidence 0...1, or -1 when the recogniser gives none.
public struct TranscriptionResult: Sendable, Equatable {
    public var text: String
    public var isFinal: Bool
    public var confidence: Float
    public init(text: String, isFinal: Bool, confidence: Float) {
        self.text = text
        self.isFinal = isFinal
        self.confidence = confidence
    }
    /// *(ours)* The longest transcription the mock injects (a larger one is refused in one line).
    public static let maxTextBytes = 16 * 1024
}
