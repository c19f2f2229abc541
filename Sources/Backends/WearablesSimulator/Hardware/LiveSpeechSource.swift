import WearablesAudio
import WearablesCore

/// The live transcription source while the app's Speech listens: every `block` seconds of
/// run time it hears that much of the glasses' microphone feed and decodes it. Blocks start
/// when listening starts and have a fixed length, so the same feed gives the same results
/// at the same run times, on the virtual clock as on the wall clock.
final class LiveSpeechSource {
    /// *(ours)* How much audio each step hears: results reach the app on these boundaries
    /// (plus the recogniser's own end-of-speech wait, about half a second).
    static let block = 0.1

    private let transcriber: LiveTranscriber
    private weak var glasses: SimulatedGlasses?
    private let deliver: (Result<[TranscriptionResult], AudioError>) -> Void
    private var timer: TimerToken?

    /// Loads the recogniser and starts hearing.
    init(glasses: SimulatedGlasses, deliver: @escaping (Result<[TranscriptionResult], AudioError>) -> Void) throws(AudioError) {
        transcriber = try LiveTranscriber(noise: SchedulerNoiseSource(glasses.scheduler))
        self.glasses = glasses
        self.deliver = deliver
        arm()
    }

    func stop() {
        timer?.cancel()
        timer = nil
    }

    private func arm() {
        timer = glasses?.scheduler.schedule(after: Self.block) { [weak self] in
            guard let self, let glasses = self.glasses else { return }
            do throws(AudioError) {
                let results = try self.transcriber.hear(glasses.microphone.feed, seconds: Self.block)
                self.arm()
                self.deliver(.success(results))
            } catch {
                self.timer = nil
                self.deliver(.failure(error))
            }
        }
    }
}
