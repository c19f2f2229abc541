import WearablesModel

/// DAT's `DisplayState` (`@frozen`): where a display capability is in its life. DAT does not
/// state the initial value; here a display added to a session is `stopped` until `start()`.
public enum DisplayState: String, NamedCase {
    case starting, started, stopping, stopped
}

/// DAT's `VideoErrorType`: why a video failed.
public enum VideoErrorType: String, NamedCase {
    case unknown, urlInvalid, alreadyPlaying, playbackFailed
}

/// DAT's `VideoPlaybackEventType`.
public enum VideoPlaybackEventType: String, NamedCase {
    case unknown, started, ended, stopped, error
}

/// DAT's `VideoPlaybackEvent`: what a shown video did (`onPlaybackEvent`). `errorType` is set
/// for `.error` only (DAT's field is not optional; its value for other events is not stated).
public struct VideoPlaybackEvent: Sendable, Equatable {
    public var type: VideoPlaybackEventType
    public var errorType: VideoErrorType?

    public init(_ type: VideoPlaybackEventType, errorType: VideoErrorType? = nil) {
        self.type = type
        self.errorType = errorType
    }

    /// A failed video, as DAT's `VideoPlayer.onError` reports it.
    public var error: VideoError? { type == .error ? .playbackFailed(errorType ?? .unknown) : nil }
}
