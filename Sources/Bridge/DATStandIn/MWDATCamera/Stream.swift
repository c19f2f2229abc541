import MWDATCore
import Synchronization

/// The camera's stream. `start()` waits for the device (glasses that answer at once go on
/// to `streaming`); the test moves it on (`reach(_:)`), sends frames, answers captures and
/// fails it with a `StreamError`.
public final class Stream: Sendable {
    public let streamConfiguration: StreamConfiguration
    private let streamsAtOnce: Bool
    private let current = Mutex<(state: StreamState, captures: [PhotoCaptureFormat])>((.stopped, []))
    private let stateChanges = Broadcast<StreamState>()
    private let frames = Broadcast<VideoFrame>()
    private let photos = Broadcast<PhotoData>()
    private let errors = Broadcast<StreamError>()

    init(streamConfiguration: StreamConfiguration, streamsAtOnce: Bool) {
        self.streamConfiguration = streamConfiguration
        self.streamsAtOnce = streamsAtOnce
    }

    public var state: StreamState { current.withLock { $0.state } }
    public var statePublisher: any Announcer<StreamState> { stateChanges }
    public var videoFramePublisher: any Announcer<VideoFrame> { frames }
    public var photoDataPublisher: any Announcer<PhotoData> { photos }
    public var errorPublisher: any Announcer<StreamError> { errors }

    public func start() {
        guard state == .stopped else { return }
        reach(.waitingForDevice)
        if streamsAtOnce {
            reach(.starting)
            reach(.streaming)
        }
    }

    public func stop() {
        guard state != .stopped, state != .stopping else { return }
        reach(.stopping)
        reach(.stopped)
    }

    /// False when the stream is not streaming or a capture is already under way, as DAT's.
    @discardableResult
    public func capturePhoto(format: PhotoCaptureFormat) -> Bool {
        current.withLock { current in
            guard current.state == .streaming, current.captures.isEmpty else { return false }
            current.captures.append(format)
            return true
        }
    }

    // MARK: The test's hand on the glasses

    package func reach(_ state: StreamState) {
        current.withLock {
            $0.state = state
            if state == .stopped { $0.captures = [] }
        }
        stateChanges.publish(state)
    }

    package func send(_ frame: VideoFrame) {
        frames.publish(frame)
    }

    /// Delivers the capture under way (false when there is none).
    @discardableResult
    package func completeCapture(with data: PhotoData) -> Bool {
        let pending = current.withLock { $0.captures.popLast() }
        guard pending != nil else { return false }
        photos.publish(data)
        return true
    }

    /// The capture under way fails: DAT reports it on the stream's error channel.
    package func failCapture() {
        current.withLock { $0.captures = [] }
        errors.publish(.photoCaptureFailed)
    }

    /// The stream fails and stops (the session lives on).
    package func fail(with error: StreamError) {
        errors.publish(error)
        reach(.stopped)
    }
}
