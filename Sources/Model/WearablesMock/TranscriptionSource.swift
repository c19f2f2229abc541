import WearablesModel

/// DAT's mock `TranscriptionSource` (`MockSpeechKit.setTranscriptionSource`): what the glasses'
/// recogniser transcribes. `injected` (the default) delivers only what the mock says;
/// `liveDeviceAsr` transcribes audio. DAT's live source is the phone's microphone through
/// Apple's recogniser; ours is the simulated glasses' microphone feed through PocketSphinx.
/// A change while the app listens is ignored, as DAT's mock documents.
public enum TranscriptionSource: String, NamedCase {
    case injected, liveDeviceAsr
}
