import WearablesCore

/// What the glasses' microphone hears, transcribed as it is heard: the live source of the
/// simulated recogniser (DAT's mock `setTranscriptionSource(.liveDeviceAsr)`, which uses the
/// phone's microphone and Apple's recogniser; ours hears the simulated microphone and uses
/// PocketSphinx). The owner calls `hear` once per block of its clock, so the same feed gives
/// the same results at the same times.
public final class LiveTranscriber {
    private let renderer: MicrophoneRenderer
    private let recognizer: SpeechRecognizer

    /// Loads the recogniser (`AudioError.recognizerUnavailable` names the missing Debian package).
    public init(noise: any AudioNoiseSource, modelDirectory: String = SpeechRecognizer.defaultModelDirectory) throws(AudioError) {
        recognizer = try SpeechRecognizer(modelDirectory: modelDirectory)
        renderer = MicrophoneRenderer(noise: noise)
    }

    /// Renders `seconds` of `feed` at the recogniser's rate and decodes them.
    public func hear(_ feed: MicrophoneFeed, seconds: Double) throws(AudioError) -> [TranscriptionResult] {
        let frames = Int((seconds * SpeechRecognizer.sampleRate).rounded())
        return try recognizer.process(try renderer.render(feed, frames: frames, rate: SpeechRecognizer.sampleRate))
    }
}
