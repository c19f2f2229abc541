#if canImport(MWDATCore)
import GlassesBridgeCore
import MWDATSpeech
import WearablesModel

/// A DAT `Speech` as the bridge's `DATSpeech`.
final class MetaSpeech: DATSpeech {
    let speech: MWDATSpeech.Speech

    init(_ speech: MWDATSpeech.Speech) {
        self.speech = speech
    }

    var state: WearablesModel.SpeechState { .init(speech.state) }
    var statePublisher: any DATAnnouncer<WearablesModel.SpeechState> { MetaAnnouncer(source: speech.statePublisher) { .init($0) } }

    var transcriptionPublisher: any DATAnnouncer<WearablesModel.TranscriptionResult> {
        MetaAnnouncer(source: speech.transcriptionPublisher) { .init(text: $0.text, isFinal: $0.isFinal, confidence: $0.confidence) }
    }

    var errorPublisher: any DATAnnouncer<WearablesModel.SpeechError> { MetaAnnouncer(source: speech.errorPublisher) { .init($0) } }
    var localePublisher: any DATAnnouncer<String> { MetaAnnouncer(source: speech.localePublisher) { $0 } }

    func start() {
        speech.start()
    }

    func stop() {
        speech.stop()
    }
}

extension WearablesModel.SpeechState {
    init(_ meta: MWDATSpeech.SpeechState) {
        switch meta {
        case .starting: self = .starting
        case .started: self = .started
        case .stopping: self = .stopping
        case .stopped: self = .stopped
        }
    }
}

extension WearablesModel.SpeechError {
    init(_ meta: MWDATSpeech.SpeechError) {
        switch meta {
        case .deviceDisconnected: self = .deviceDisconnected
        case .invalidState: self = .invalidState
        case .unavailable: self = .unavailable
        case .alreadyListening: self = .alreadyListening
        case .startFailed: self = .startFailed
        case .unexpectedError: self = .unexpectedError
        @unknown default: self = .unexpectedError
        }
    }
}
#endif
