import WearablesModel

/// DAT 1.0 `Speech` (MWDATSpeech): the glasses' recogniser.
public protocol DATSpeech: AnyObject, Sendable {
    /// `state`
    var state: SpeechState { get }
    /// `statePublisher`
    var statePublisher: any DATAnnouncer<SpeechState> { get }
    /// `transcriptionPublisher`
    var transcriptionPublisher: any DATAnnouncer<TranscriptionResult> { get }
    /// `errorPublisher`
    var errorPublisher: any DATAnnouncer<SpeechError> { get }
    /// `localePublisher`
    var localePublisher: any DATAnnouncer<String> { get }
    /// `start()`
    func start()
    /// `stop()`
    func stop()
}
