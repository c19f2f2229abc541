#if canImport(CSpeechLibraries)
import CSpeechLibraries
import WearablesCore
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Text spoken by the espeak-ng program (en-us+f2, 130 words a minute: the voice
/// PocketSphinx hears best of those tried): test speech for the simulated microphone. Each
/// text is a fresh espeak-ng process, so the same text gives the same samples.
public enum SpeechSynthesizer {
    /// The text as mono samples in -1...1 at `rate` Hz.
    public static func synthesize(_ text: String, rate: Double) throws(AudioError) -> [Float] {
        guard text.utf8.count <= MicrophoneFeed.maxSpokenTextBytes else {
            throw AudioError(.speechTooLong, "the text to speak is \(text.utf8.count) bytes; at most \(MicrophoneFeed.maxSpokenTextBytes) are synthesised")
        }
        var error = [CChar](repeating: 0, count: Int(CSL_ERROR_CAPACITY))
        var samples: UnsafeMutablePointer<Int16>?
        var count = 0
        var nativeRate: Int32 = 0
        let limit = MicrophoneFeed.maxSpokenSeconds
        switch csl_synthesize(text, limit, &samples, &count, &nativeRate, &error) {
        case 0: break
        case CSL_SPEECH_TOO_LONG:
            throw AudioError(.speechTooLong, "the text to speak (\(text.utf8.count) bytes) takes longer than \(Int(limit)) s to say; "
                + "at most \(Int(limit)) s of speech is synthesised: feed a shorter text")
        default:
            throw AudioError(.synthesisFailed, SpeechRecognizer.text(error))
        }
        defer { free(samples) }
        let spoken = samples.map { Array(UnsafeBufferPointer(start: $0, count: count)) } ?? []
        let native = spoken.map { Float($0) / Float(Int16.max) }
        guard Double(nativeRate) != rate, !native.isEmpty else { return native }
        let resampler = try SoxrResampler(from: Double(nativeRate), to: rate)
        return try resampler.process(native) + resampler.drain()
    }
}
#else
import WearablesCore

/// Without espeak-ng and libsoxr (`NativeMedia`) no test speech is made.
public enum SpeechSynthesizer {
    public static func synthesize(_ text: String, rate: Double) throws(AudioError) -> [Float] {
        throw AudioError(.synthesisFailed, NativeMedia.unavailable("test speech", needs: "espeak-ng and libsoxr").message)
    }
}
#endif
