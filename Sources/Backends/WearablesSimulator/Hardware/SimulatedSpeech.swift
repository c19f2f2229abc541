import WearablesAudio
import WearablesCore
import WearablesMock

/// MockSpeechKit for one pair (DAT 1.0 `services.speech`): injected transcriptions
/// (the default source), errors, completion, the locale, and the live source, which
/// transcribes what the glasses' microphone hears with a real recogniser.
public final class SimulatedSpeech {
    /// *(ours)* An injected transcription reaches the app this long after the call.
    public static let latency: Double = 0.02
    public private(set) var isListening = false
    /// DAT's default locale; a change takes effect at the next start.
    public private(set) var locale = "en_US"
    /// DAT's default, `injected`; changed only while not listening.
    public private(set) var source = TranscriptionSource.injected
    /// Why the live source stopped, if it failed (MockSpeechKit `liveSourceDiagnostic`).
    public private(set) var liveDiagnostic: String?
    public var hasSpeech = true
    weak var glasses: SimulatedGlasses?
    private var live: LiveSpeechSource?

    func listen(_ on: Bool) -> Bool {
        guard hasSpeech else { return false }
        isListening = on
        if on { send(.speechLocale(locale)) }
        if on, source == .liveDeviceAsr, let glasses { startLive(glasses) } else if !on { stopLive() }
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
        end(with: .speechFailed(SpeechError(androidCode: code)))
    }

    /// `simulateCompletion()`: the utterance ends, and listening with it *(assumed)*.
    public func complete() {
        record("speech_complete", [])
        guard isListening else { return }
        end(with: .speechComplete)
    }

    /// `setLocale(_:)`: no effect mid-session (announced at the next start).
    public func setLocale(_ value: String) {
        locale = value
        record("speech_locale", [("locale", .string(value))])
    }

    /// `setTranscriptionSource(_:)`: "Only allowed while not `isListening`; ignored during an active
    /// session" (MockSpeechKit): while the app listens nothing changes, and false says so. Choosing
    /// the live source opens the recogniser now, so a machine without it refuses here in one line
    /// naming the Debian package.
    @discardableResult
    public func setSource(_ value: TranscriptionSource) throws(AudioError) -> Bool {
        guard !isListening else {
            record("speech_source_ignored", [("source", .string(value.name))])
            return false
        }
        if value == .liveDeviceAsr { _ = try SpeechRecognizer() }
        source = value
        liveDiagnostic = nil
        record("speech_source", [("source", .string(value.name))])
        glasses?.publishMockState()
        return true
    }

    private func startLive(_ glasses: SimulatedGlasses) {
        do throws(AudioError) {
            live = try LiveSpeechSource(glasses: glasses) { [weak self] in self?.heard($0) }
        } catch {
            liveFailed(error)
        }
    }

    private func stopLive() {
        live?.stop()
        live = nil
    }

    private func heard(_ outcome: Result<[TranscriptionResult], AudioError>) {
        switch outcome {
        case .success(let results):
            for result in results {
                record("speech_live", [("final", .string(result.isFinal ? "true" : "false")), ("text", .string(String(result.text.prefix(200))))])
                send(.transcription(result))
            }
        case .failure(let error):
            liveFailed(error)
        }
    }

    /// The recogniser failed mid-listening (an unreadable feed): the app gets `unexpectedError`
    /// and listening ends, as for a recogniser error on the glasses; the diagnostic says why.
    private func liveFailed(_ error: AudioError) {
        liveDiagnostic = error.message
        record("speech_live_error", [("message", .string(error.message))])
        end(with: .speechFailed(.unexpectedError))
    }

    private func end(with report: CapabilityReport) {
        send(report)
        isListening = false
        stopLive()
        glasses?.publishMockState()
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
