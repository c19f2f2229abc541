/// A failure in the audio layer, shaped for the Lua contract: `domain`, a `code`
/// spelled like the AVAudioSession error case where one exists, and a message that
/// says what went wrong and how to fix it.
public struct AudioError: Error, Equatable, CustomStringConvertible {
    public enum Code: String, CaseIterable, Sendable {
        /// An option or mode that the chosen category does not accept (AVAudioSession `badParam`).
        case badParam
        /// Activation refused while a phone call holds the audio hardware.
        case insufficientPriority
        /// Recording needs an active session whose category records.
        case cannotStartRecording
        /// Playback needs an active session whose category plays.
        case cannotStartPlaying
        /// A recording ended early (glasses gone, phone call); the file holds what was captured.
        case recordingInterrupted
        case fileNotFound
        /// The file is not audio libsndfile can read, or has no samples.
        case unsupportedFile
        /// The file ends before the length its header declares.
        case truncatedFile
        case writeFailed
        /// The simulated microphone feed (a WAV file) cannot be read.
        case feedUnavailable
        /// The resampler could not be created or failed mid-stream.
        case resamplerFailed
        /// The live recogniser (PocketSphinx and its en-us model) cannot be opened or failed.
        case recognizerUnavailable
        /// Speech cannot be synthesised (espeak-ng missing or failing).
        case synthesisFailed
        /// The text is longer than `MicrophoneFeed.maxSpokenTextBytes` or takes longer to say than
        /// `maxSpokenSeconds`: the request's to fix, not a missing program.
        case speechTooLong
    }

    public static let domain = "AudioError"

    public let code: Code
    public let message: String

    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { "\(Self.domain).\(code.rawValue): \(message)" }
}
