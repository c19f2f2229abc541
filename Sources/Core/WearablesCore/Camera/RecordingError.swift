/// Why a recording of a stream could not be written (a stream that fails mid-recording
/// ends it with its own `StreamError` instead).
public struct RecordingError: WearablesError, Equatable {
    public enum Code: String, Sendable {
        /// FFmpeg's libraries are missing or lack an encoder.
        case encoderUnavailable
        /// The file could not be created or written (disk full, folder gone).
        case writeFailed
    }

    public let kind: Code
    public let message: String

    public init(_ kind: Code, _ message: String) {
        self.kind = kind
        self.message = message
    }

    public var domain: String { "RecordingError" }
    public var code: String { kind.rawValue }
}
