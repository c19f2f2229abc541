import MWDATCore
import Synchronization

@frozen public enum SpeechState: Sendable, Equatable, CustomStringConvertible {
    case starting
    case started
    case stopping
    case stopped

    public var description: String {
        switch self {
        case .starting: "starting"
        case .started: "started"
        case .stopping: "stopping"
        case .stopped: "stopped"
        }
    }
}

public enum SpeechError: DatError, Equatable {
    case deviceDisconnected
    case invalidState
    case unavailable
    case alreadyListening
    case startFailed
    case unexpectedError

    public var description: String {
        switch self {
        case .deviceDisconnected: "the glasses disconnected"
        case .invalidState: "speech is in no state for this"
        case .unavailable: "the glasses have no speech recognition"
        case .alreadyListening: "speech is already listening"
        case .startFailed: "speech could not start"
        case .unexpectedError: "speech recognition failed"
        }
    }
}

/// What the recogniser heard; confidence is -1 when it gives none.
public struct TranscriptionResult: Sendable, Equatable {
    public let text: String
    public let isFinal: Bool
    public let confidence: Float

    public init(text: String, isFinal: Bool, confidence: Float) {
        self.text = text
        self.isFinal = isFinal
        self.confidence = confidence
    }
}

/// The glasses' recogniser on a session. `start()` moves it to `starting`; the test moves
/// it on (`reach(_:)`), says things (`hear(_:)`), changes the locale and fails it.
public final class Speech: Sendable {
    private let current = Mutex<(state: SpeechState, locale: String?)>((.stopped, nil))
    private let stateChanges = Broadcast<SpeechState>()
    private let transcriptions = Broadcast<TranscriptionResult>()
    private let errors = Broadcast<SpeechError>()
    private let locales = Broadcast<String>()

    init() {}

    public var statePublisher: any Announcer<SpeechState> { stateChanges }
    public var transcriptionPublisher: any Announcer<TranscriptionResult> { transcriptions }
    public var errorPublisher: any Announcer<SpeechError> { errors }
    public var localePublisher: any Announcer<String> { locales }
    public var state: SpeechState { current.withLock { $0.state } }

    /// Already listening: `alreadyListening` on the error channel, as DAT reports it.
    public func start() {
        guard state == .stopped else { return errors.publish(.alreadyListening) }
        reach(.starting)
    }

    public func stop() {
        guard state != .stopped, state != .stopping else { return }
        reach(.stopping)
        reach(.stopped)
    }

    // MARK: The test's hand on the glasses

    package func reach(_ state: SpeechState) {
        current.withLock { $0.state = state }
        stateChanges.publish(state)
    }

    package func hear(_ result: TranscriptionResult) {
        transcriptions.publish(result)
    }

    package func announce(locale: String) {
        current.withLock { $0.locale = locale }
        locales.publish(locale)
    }

    package func fail(with error: SpeechError) {
        errors.publish(error)
    }
}

extension Speech: StandInCapability {
    package func sessionStopped() {
        stop()
    }
}

extension DeviceSession {
    /// With DAT's rules for capabilities (`sessionIdle` before `started`, one per session).
    public func addSpeech() throws(DeviceSessionError) -> Speech? {
        let speech = Speech()
        try attach(speech, as: "speech")
        return speech
    }
}
