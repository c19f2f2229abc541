#if canImport(CSpeechLibraries)
import CSpeechLibraries
import WearablesCore

/// PocketSphinx with its en-us model: a real offline recogniser for the simulated
/// glasses' live transcription source. It turns 16 kHz mono audio into DAT-shaped
/// `TranscriptionResult`s: a partial each time the best hypothesis of the current
/// utterance changes, and a final one (with the decoder's posterior as confidence)
/// when the voice activity detector hears the utterance end. The same samples in
/// the same blocks give the same results: the decoder has no randomness.
/// Not thread-safe: one owner uses it from one thread.
public final class SpeechRecognizer {
    /// The rate the en-us acoustic model was trained at.
    public static let sampleRate = 16_000.0
    /// Where Debian's pocketsphinx-en-us puts the model.
    public static let defaultModelDirectory = "/usr/share/pocketsphinx/model/en-us"
    /// The longest hypothesis kept; longer ones are cut (an utterance of minutes, not seconds).
    static let textCapacity = 4096

    private let recognizer: OpaquePointer
    private var inSpeech = false
    private var lastPartial = ""

    /// Opens the library on first use and loads the model (a few hundred ms of wall time).
    public init(modelDirectory: String = SpeechRecognizer.defaultModelDirectory) throws(AudioError) {
        var error = [CChar](repeating: 0, count: Int(CSL_ERROR_CAPACITY))
        var opened: OpaquePointer?
        guard csl_recognizer_open(modelDirectory, &opened, &error) == 0, let opened else {
            throw AudioError(.recognizerUnavailable, Self.text(error))
        }
        recognizer = opened
    }

    deinit { csl_recognizer_close(recognizer) }

    /// Decodes samples in -1...1 at `sampleRate`; answers what they changed, in order.
    public func process(_ samples: [Float]) throws(AudioError) -> [TranscriptionResult] {
        let pcm = samples.map { Int16(($0.isFinite ? max(-1, min(1, $0)) : 0) * Float(Int16.max)) }
        var error = [CChar](repeating: 0, count: Int(CSL_ERROR_CAPACITY))
        var speaking: Int32 = 0
        guard csl_recognizer_process(recognizer, pcm, pcm.count, &speaking, &error) == 0 else {
            throw AudioError(.recognizerUnavailable, Self.text(error))
        }
        var results: [TranscriptionResult] = []
        if speaking != 0 {
            inSpeech = true
            let hypothesis = self.hypothesis()
            if !hypothesis.isEmpty, hypothesis != lastPartial {
                lastPartial = hypothesis
                results.append(TranscriptionResult(text: hypothesis, isFinal: false, confidence: -1))
            }
        } else if inSpeech, let final = try endUtterance() {
            results.append(final)
        }
        return results
    }

    private func endUtterance() throws(AudioError) -> TranscriptionResult? {
        inSpeech = false
        lastPartial = ""
        var text = [CChar](repeating: 0, count: Self.textCapacity)
        var error = [CChar](repeating: 0, count: Int(CSL_ERROR_CAPACITY))
        var confidence: Float = -1
        guard csl_recognizer_end(recognizer, &text, text.count, &confidence, &error) == 0 else {
            throw AudioError(.recognizerUnavailable, Self.text(error))
        }
        let said = Self.text(text)
        return said.isEmpty ? nil : TranscriptionResult(text: said, isFinal: true, confidence: confidence)
    }

    private func hypothesis() -> String {
        var text = [CChar](repeating: 0, count: Self.textCapacity)
        csl_recognizer_hypothesis(recognizer, &text, text.count)
        return Self.text(text)
    }

    static func text(_ buffer: [CChar]) -> String {
        String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
#else
import WearablesCore

/// Without PocketSphinx (`NativeMedia`) no recogniser opens: its init always throws, so no instance exists, and its members only keep the API whole.
public final class SpeechRecognizer {
    public static let sampleRate = 16_000.0
    public static let defaultModelDirectory = "/usr/share/pocketsphinx/model/en-us"

    public init(modelDirectory: String = SpeechRecognizer.defaultModelDirectory) throws(AudioError) {
        throw AudioError(.recognizerUnavailable, NativeMedia.unavailable("live transcription", needs: "PocketSphinx").message)
    }

    public func process(_ samples: [Float]) throws(AudioError) -> [TranscriptionResult] { throw AudioError(.recognizerUnavailable, NativeMedia.unavailable("live transcription", needs: "PocketSphinx").message) }
}
#endif
