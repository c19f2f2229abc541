import MWDATCore
import Synchronization

@frozen public enum DisplayState {
    case starting
    case started
    case stopping
    case stopped
}

extension DisplayState: Sendable {}

public enum DisplayError: DatError, Equatable {
    case deviceDisconnected
    case invalidVideoURL
    case displayError(String)

    public var description: String {
        switch self {
        case .deviceDisconnected: "the glasses disconnected"
        case .invalidVideoURL: "a video needs an http(s) URL"
        case .displayError(let message): message
        }
    }
}

public enum VideoPlaybackEventType: Int, Sendable {
    case unknown
    case started
    case ended
    case stopped
    case error
}

public struct VideoPlaybackEvent: Sendable {
    public let type: VideoPlaybackEventType
    public let errorType: VideoErrorType

    public init(type: VideoPlaybackEventType, errorType: VideoErrorType = .unknown) {
        self.type = type
        self.errorType = errorType
    }
}

/// The display capability. `start()` moves it to `starting`; the test moves it on
/// (`reach(_:)`), reads what was sent (`shown`), taps through DAT's own closures and plays
/// video events.
public final class Display: Sendable {
    private struct State {
        var state: DisplayState = .stopped
        var playbackHandler: (@Sendable (VideoPlaybackEvent) -> Void)?
        var shown: (any DisplayableView)?
        var videoStops = 0
    }

    private let current = Mutex(State())
    private let stateChanges = Broadcast<DisplayState>()

    init() {}

    public var statePublisher: any Announcer<DisplayState> { stateChanges }
    public var state: DisplayState { current.withLock { $0.state } }

    public var onPlaybackEvent: (@Sendable (VideoPlaybackEvent) -> Void)? {
        get { current.withLock { $0.playbackHandler } }
        set { current.withLock { $0.playbackHandler = newValue } }
    }

    public func start() {
        guard state == .stopped else { return }
        reach(.starting)
    }

    public func stop() {
        guard state != .stopped, state != .stopping else { return }
        reach(.stopping)
        reach(.stopped)
    }

    /// Replaces what is shown; only a started display takes it, and a video needs an http(s) URL.
    public func send(_ view: some DisplayableView) async throws {
        if let video = view as? VideoPlayer, case .uri(let url) = video.provider,
            !(url.hasPrefix("http://") || url.hasPrefix("https://"))
        {
            throw DisplayError.invalidVideoURL
        }
        try current.withLock { current in
            guard current.state == .started else { throw DisplayError.displayError("the display is not started") }
            current.shown = view
        }
    }

    public func clearDisplay() async throws {
        try current.withLock { current in
            guard current.state == .started else { throw DisplayError.displayError("the display is not started") }
            current.shown = nil
        }
    }

    public func sendVideoStop() async {
        current.withLock { $0.videoStops += 1 }
    }

    // MARK: The test's hand on the glasses

    package func reach(_ state: DisplayState) {
        current.withLock {
            $0.state = state
            if state == .stopped { $0.shown = nil }
        }
        stateChanges.publish(state)
    }

    /// What the glasses show now: the last view sent, until a clear or a stop.
    package var shown: (any DisplayableView)? { current.withLock { $0.shown } }
    package var videoStops: Int { current.withLock { $0.videoStops } }

    /// The player reports `event` through the app's `onPlaybackEvent`.
    package func play(_ event: VideoPlaybackEvent) {
        current.withLock { $0.playbackHandler }?(event)
    }
}

extension Display: StandInCapability {
    package func sessionStopped() {
        stop()
    }
}

extension DeviceSession {
    /// One display per session, on a started session (DAT's rules for capabilities).
    public func addDisplay() throws(DeviceSessionError) -> Display {
        let display = Display()
        try attach(display, as: "display")
        return display
    }
}
