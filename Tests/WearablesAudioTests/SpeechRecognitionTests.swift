import Foundation
import Testing
import WearablesAudio
import WearablesCore

/// The live recogniser (PocketSphinx, en-us) on speech that espeak-ng makes at test time:
/// the espeak-ng program writes a WAV (an independent synthesiser path from the library the
/// product opens), which the simulated microphone plays into the recogniser.
@Suite struct SpeechRecognitionTests {
    static let espeak = ["/usr/bin/espeak-ng", "/usr/local/bin/espeak-ng"].first { FileManager.default.isExecutableFile(atPath: $0) }
    static let recognizerMissing: String? = {
        do throws(AudioError) { _ = try SpeechRecognizer() } catch { return error.message }
        return nil
    }()
    static var ready: Bool { espeak != nil && recognizerMissing == nil }
    static let skipReason: Comment = "needs espeak-ng and PocketSphinx with its en-us model: scripts/setup installs them"

    /// `text` spoken by the espeak-ng program into a WAV in a fresh temporary folder, in the voice
    /// the library speaks `feed{speech=}` with (en-us+f2, 130 words a minute, 50 ms between words).
    static func spokenWAV(_ text: String) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("speech-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let wav = folder.appendingPathComponent("said.wav")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: espeak ?? "espeak-ng")
        process.arguments = ["-v", "en-us+f2", "-s", "130", "-g", "5", "-w", wav.path, text]
        process.standardError = Pipe()
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        return wav
    }

    /// Hears `feed` for `seconds` in the simulator's blocks; each result with the block it came in.
    static func transcribe(_ feed: MicrophoneFeed, seconds: Double) throws -> [(block: Int, result: TranscriptionResult)] {
        let transcriber = try LiveTranscriber(noise: SeededNoiseSource(seed: 1))
        var heard: [(Int, TranscriptionResult)] = []
        for block in 0..<Int(seconds / 0.1) {
            heard += try transcriber.hear(feed, seconds: 0.1).map { (block, $0) }
        }
        return heard
    }

    @Test(.enabled(if: ready, skipReason)) func aSpokenWAVIsTranscribedWithTheKeyword() throws {
        let wav = try Self.spokenWAV("take a photo")
        // The file loops, as microphone feeds do: several utterances, each with partials and a final.
        let heard = try Self.transcribe(.file(path: wav.path), seconds: 8)
        let finals = heard.map(\.result).filter(\.isFinal)
        #expect(finals.count >= 2)
        #expect(finals.contains { $0.text.split(separator: " ").contains("photo") }, "finals: \(finals.map(\.text))")
        #expect(finals.allSatisfy { $0.confidence == -1 || (0...1).contains($0.confidence) })
        let partials = heard.map(\.result).filter { !$0.isFinal }
        #expect(!partials.isEmpty)
        #expect(partials.allSatisfy { $0.confidence == -1 })
    }

    @Test(.enabled(if: ready, skipReason)) func theSameAudioGivesTheSameResultsInTheSameBlocks() throws {
        let wav = try Self.spokenWAV("take a photo")
        let first = try Self.transcribe(.file(path: wav.path), seconds: 4)
        let second = try Self.transcribe(.file(path: wav.path), seconds: 4)
        #expect(first.map(\.block) == second.map(\.block))
        #expect(first.map(\.result) == second.map(\.result))
    }

    @Test(.enabled(if: ready, skipReason)) func textSpokenByTheLibraryIsHeardAgainAfterEachPause() throws {
        let once = try SpeechSynthesizer.synthesize("take a photo", rate: 16_000)
        #expect(once.count > 8_000, "about a second of speech")
        #expect(once == (try SpeechSynthesizer.synthesize("take a photo", rate: 16_000)), "espeak-ng is deterministic")
        let seconds = 8.0
        let heard = try Self.transcribe(.speech(text: "take a photo"), seconds: seconds)
        let finals = heard.map(\.result).filter(\.isFinal)
        // Said, a pause, said again: one final per saying (the last may still be under way).
        let sayings = seconds / (Double(once.count) / 16_000 + MicrophoneFeed.spokenPause)
        #expect(Double(finals.count) >= sayings.rounded(.down) - 1 && Double(finals.count) <= sayings.rounded(.up), "\(finals.map(\.text))")
        #expect(finals.contains { $0.text.split(separator: " ").contains("photo") }, "finals: \(finals.map(\.text))")
    }

    @Test func aMissingModelIsOneLineNamingTheDebianPackage() {
        #expect {
            _ = try SpeechRecognizer(modelDirectory: "/nonexistent/model")
        } throws: { error in
            guard let error = error as? AudioError else { return false }
            // Without the library itself the message names libpocketsphinx3 instead; either way one line.
            return error.code == .recognizerUnavailable && !error.message.contains("\n")
                && (error.message.contains("pocketsphinx-en-us") || error.message.contains("libpocketsphinx3"))
        }
    }

    @Test func tooMuchTextToSpeakIsRefusedInOneLine() {
        #expect {
            _ = try SpeechSynthesizer.synthesize(String(repeating: "a", count: 1 << 20), rate: 16_000)
        } throws: { error in
            (error as? AudioError)?.code == .speechTooLong && (error as? AudioError)?.message.contains("at most 16384") == true
        }
    }

    /// 16 KB of "9999999999 " is hours of speech: it made 894 MB of samples. espeak-ng is stopped
    /// once its speech passes 60 s, and the text is refused in one line naming the limit.
    @Test(.enabled(if: ready, skipReason)) func speechPastSixtySecondsIsRefused() {
        #expect {
            _ = try SpeechSynthesizer.synthesize(String(repeating: "9999999999 ", count: 200), rate: 16_000)
        } throws: { error in
            guard let error = error as? AudioError else { return false }
            return error.code == .speechTooLong && error.message.contains("takes longer than 60 s") && !error.message.contains("\n")
        }
        #expect((try? SpeechSynthesizer.synthesize("take a photo", rate: 16_000))?.isEmpty == false)
    }

    @Test(.enabled(if: ready, skipReason)) func aMissingFeedFileFailsTheTranscriberInOneLine() throws {
        let transcriber = try LiveTranscriber(noise: SeededNoiseSource(seed: 1))
        #expect {
            _ = try transcriber.hear(.file(path: "/nonexistent/said.wav"), seconds: 0.1)
        } throws: { error in
            (error as? AudioError)?.code == .feedUnavailable && (error as? AudioError)?.message.contains("\n") == false
        }
    }
}
