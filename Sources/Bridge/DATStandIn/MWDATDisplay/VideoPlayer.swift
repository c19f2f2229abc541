import MWDATCore

public enum VideoCodec: Int, Sendable {
    case unknown
    case mp4
}

public enum VideoErrorType: Int, Sendable {
    case unknown
    case urlInvalid
    case alreadyPlaying
    case playbackFailed
}

public enum VideoError: DatError, Equatable {
    case playbackFailed(VideoErrorType)

    public var description: String {
        switch self {
        case .playbackFailed(let type): "the video failed (\(type))"
        }
    }
}

/// A whole-display video from an http(s) URL: a root only.
public struct VideoPlayer: DisplayableView, Sendable {
    public enum Provider: Sendable {
        case uri(String)
    }

    public let provider: Provider
    public let codec: VideoCodec
    public let onError: (@Sendable (VideoError) -> Void)?

    public init(provider: Provider, codec: VideoCodec = .mp4, onError: (@Sendable (VideoError) -> Void)? = nil) {
        self.provider = provider
        self.codec = codec
        self.onError = onError
    }
}
