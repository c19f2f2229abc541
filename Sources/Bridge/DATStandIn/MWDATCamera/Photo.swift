import MWDATCore
import Synchronization

/// The camera's standalone photos. `start()` moves it to `starting` (glasses that answer at
/// once go on to `started`); a capture before `started`, or while another is under way, is
/// refused on the error channel (`notReady`, `busy`), as DAT reports it. The test moves it on
/// (`reach(_:)`), reports a transfer's progress, delivers the photo and fails the capture.
public final class Photo: Sendable {
    private let startsAtOnce: Bool
    private let current = Mutex<(state: PhotoState, capture: (resolution: PhotoResolution, quality: PhotoQuality)?)>((.stopped, nil))
    private let stateChanges = Broadcast<PhotoState>()
    private let photos = Broadcast<PhotoCaptureData>()
    private let errors = Broadcast<PhotoError>()
    private let progress = Broadcast<PhotoTransferProgress>()

    init(startsAtOnce: Bool) {
        self.startsAtOnce = startsAtOnce
    }

    public var statePublisher: any Announcer<PhotoState> { stateChanges }
    public var photoDataPublisher: any Announcer<PhotoCaptureData> { photos }
    public var errorPublisher: any Announcer<PhotoError> { errors }
    public var transferProgressPublisher: any Announcer<PhotoTransferProgress> { progress }

    public func start() {
        guard state == .stopped else { return }
        reach(.starting)
        if startsAtOnce { reach(.started) }
    }

    public func stop() {
        guard state != .stopped, state != .stopping else { return }
        reach(.stopping)
        reach(.stopped)
    }

    public func capturePhoto(resolution: PhotoResolution = .medium, quality: PhotoQuality = .medium) {
        let refusal = current.withLock { current -> PhotoError? in
            guard current.state == .started else { return .notReady }
            guard current.capture == nil else { return .busy }
            current.capture = (resolution, quality)
            return nil
        }
        if let refusal { errors.publish(refusal) }
    }

    // MARK: The test's hand on the glasses

    package var state: PhotoState { current.withLock { $0.state } }

    /// The settings of the capture under way, if any.
    package var captureUnderWay: (resolution: PhotoResolution, quality: PhotoQuality)? { current.withLock { $0.capture } }

    package func reach(_ state: PhotoState) {
        current.withLock {
            $0.state = state
            if state == .stopped { $0.capture = nil }
        }
        stateChanges.publish(state)
    }

    package func transfer(_ step: PhotoTransferProgress) {
        progress.publish(step)
    }

    /// Delivers the capture under way (false when there is none).
    @discardableResult
    package func completeCapture(with data: PhotoCaptureData) -> Bool {
        guard current.withLock({ current in defer { current.capture = nil }; return current.capture }) != nil else { return false }
        photos.publish(data)
        return true
    }

    /// The capture under way fails with `error`.
    package func failCapture(with error: PhotoError) {
        current.withLock { $0.capture = nil }
        errors.publish(error)
    }
}
