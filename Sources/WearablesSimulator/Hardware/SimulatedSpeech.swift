import WearablesCore

/// MockSpeechKit for one pair (DAT 1.0 `services.speech`): injected transcriptions
/// (the default source), errors, completion and the locale.
public final class SimulatedSpeech {
    /// *(ours)* An injected transcription reaches the app this long after the call.
    public static let latency: Double = 0.02
    public private(set) var isListening = false
    /// DAT's default locale; a change takes effect at the next start.
    public private(set) var locale = "en_US"
    public var hasSpeech = true
    weak var glasses: SimulatedGlasses?

    func listen(_ on: Bool) -> Bool {
        guard hasSpeech else { return false }
        isListening = on
        if on { send(.speechLocale(locale)) }
        glasses?.publishMockState()
        return true
    }

    /// `simulateTranscription`: delivered only while listening.
    public func say(_ result: TranscriptionResult) {
        record("speech", [("final", .string(result.isFinal ? "true" : "false"))])
        send(.transcription(result))
    }

    /// `simulateError(errorCode:message:)`: ends listening.
    public func fail(code: Int) {
        record("speech_error", [("code", .int(code))])
        guard isListening else { return }
        send(.speechFailed(SpeechError(androidCode: code)))
        isListening = false
        glasses?.publishMockState()
    }

    /// `simulateCompletion()`: the utterance ends, and listening with it *(assumed)*.
    public func complete() {
        record("speech_complete", [])
        guard isListening else { return }
        send(.speechComplete)
        isListening = false
        glasses?.publishMockState()
    }

    /// `setLocale(_:)`: no effect mid-session (announced at the next start).
    public func setLocale(_ value: String) {
        locale = value
        record("speech_locale", [("locale", .string(value))])
    }

    private func send(_ report: CapabilityReport) {
        guard let glasses, isListening, glasses.link == .connected else { return }
        let identifier = glasses.identifier
        glasses.scheduler.schedule(after: Self.latency) { [weak glasses] in
            glasses?.kit.notifyObservers { $0.backend(didReport: report, on: identifier) }
        }
    }

    private func record(_ event: String, _ values: [(String, TraceValue)]) {
        guard let glasses else { return }
        glasses.kit.record(event, [("glasses", .string(glasses.identifier))] + values)
    }
}
