import WearablesModel

/// DAT's mock `TranscriptionSource` (`MockSpeechKit.setTranscriptionSource`): what the glasses'
/// recogniser transcribes. `injected` (the default) delivers only what the mock says;
/// `liveDeviceAsr` transcribes audio. DAT's live source is the phone's microphone through
/// Apple's recogniser; ours is the simulated glasses' microphone feed through PocketSphinx.
/// A change takes effect at the next start (DAT ignores it while listening).
public enum TranscriptionSource: String, NamedCase {
    case injected, liveDeviceAsr
}
