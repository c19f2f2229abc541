import WearablesModel

/// DAT's `DisplayError` (ObjC codes 2, 10, 11). The strings file has more kinds (invalid
/// session state, rendering failed, stream rejected, unexpected error) that can only surface
/// as `displayError(message)`; this model uses it for those.
public enum DisplayError: WearablesError, Equatable {
    case deviceDisconnected
    case invalidVideoURL
    case displayError(String)

    public var domain: String { "DisplayError" }

    public var code: String {
        switch self {
        case .deviceDisconnected: "deviceDisconnected"
        case .invalidVideoURL: "invalidVideoURL"
        case .displayError: "displayError"
        }
    }

    public var message: String {
        switch self {
        case .deviceDisconnected: "the glasses disconnected, so the display stopped; start a new session once they are back"
        case .invalidVideoURL: "a video needs an http:// or https:// URL"
        case .displayError(let message): message
        }
    }

    public var description: String { "DisplayError.\(code): \(message)" }

    /// The display is not `started` (DAT's strings: `dat_error_display_invalid_session_state`).
    public static func notStarted(_ state: DisplayState) -> DisplayError {
        .displayError("the display is \(state.name), not started; call start() and wait for it first")
    }
}

/// DAT's `VideoError`: a video that failed to play (`VideoPlayer.onError`).
public enum VideoError: WearablesError, Equatable {
    case playbackFailed(VideoErrorType)

    public var domain: String { "VideoError" }
    public var code: String { "playbackFailed" }
    /// DAT's `VideoErrorType`, as scripts read it (`err.reason`).
    public var reason: VideoErrorType {
        switch self { case .playbackFailed(let reason): reason }
    }

    public var message: String {
        switch reason {
        case .unknown: "the video failed for an unknown reason"
        case .urlInvalid: "the video's URL could not be played"
        case .alreadyPlaying: "a video is already playing; stop it first (stop_video)"
        case .playbackFailed: "the glasses could not play the video"
        }
    }

    public var description: String { "VideoError.\(code)(\(reason.name)): \(message)" }
}
