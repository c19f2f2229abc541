import WearablesCore

/// A camera used before it streams, or stopped under a waiting call. DAT reports these
/// by a return value (capturePhoto's false) and has no error case for them; a waiting
/// call needs an error, so it is ours: `ScriptError.notStreaming`, in the host's domain,
/// never a `StreamError` (the stream's error channel carries only DAT's cases).
enum CameraUseError: ScriptErrorConvertible {
    /// `call` (`"next_frame"`, `"cam:record"`) on a camera in `state`.
    case notStreaming(call: String, state: StreamState, hint: String = "call cam:start() first")
    /// The camera stopped while a call waited for its next frame.
    case stoppedWhileWaiting

    var scriptError: ScriptError {
        switch self {
        case .notStreaming(let call, let state, let hint):
            ScriptError(domain: "ScriptError", code: "notStreaming", message: "\(call) on a \(state.name) camera: \(hint)")
        case .stoppedWhileWaiting:
            ScriptError(domain: "ScriptError", code: "notStreaming", message: "the camera stopped while waiting for a frame")
        }
    }
}
