import WearablesCore

/// The camera of simulated glasses (MockDeviceKit's camera kit): its feed, the image
/// a capture returns, and scripted capture failures.
public final class SimulatedCamera {
    /// Taking a capture takes a random time in this range; its transfer follows.
    public static let captureDuration = 0.3...0.8
    /// A transfer reports its progress in this many steps *(ours: DAT does not say how often)*.
    public static let progressSteps = 10

    public private(set) var feed: FrameSource
    /// When set, captures return this picture instead of the live frame.
    public private(set) var capturedImage: RGBImage?
    private var nextCaptureFailure: PhotoError?
    /// The next stream start hangs in `starting`, then fails (ios#214).
    private(set) var failsNextStart = false
    /// Orphaned (ios#131): a running stream delivers no frames and every start fails
    /// with `internalError`, until the glasses are power-cycled.
    public private(set) var isOrphaned = false
    weak var glasses: SimulatedGlasses?

    init(feed: FrameSource) { self.feed = feed }

    /// Feeds a video (`.mp4`, `.mov`, `.mkv`, `.y4m`) or still image (PNG/JPEG) file; throws when it cannot be read.
    /// `opening` is the name the file is opened by (an open descriptor's, so it is the file
    /// that was checked); `path`'s extension says what it holds.
    public func setCameraFeed(path: String, opening: String? = nil) throws {
        feed = try CameraFeed.file(path, opening: opening)
        glasses?.kit.record("camera_feed", [("glasses", .string(glasses?.identifier ?? "")), ("path", .string(path))])
    }

    /// Feeds a synthetic pattern, seeded from the world's generator.
    public func setCameraFeed(pattern: CameraFeed.Pattern) {
        guard let kit = glasses?.kit else { return }
        feed = CameraFeed.synthetic(pattern, seed: kit.scheduler.random.next())
        kit.record("camera_feed", [("glasses", .string(glasses?.identifier ?? "")), ("pattern", .string(pattern.rawValue))])
    }

    /// The picture captures return (MockDeviceKit `setCapturedImage`).
    public func setCapturedImage(path: String, opening: String? = nil) throws {
        capturedImage = try CameraFeed.naming(path, openedAs: opening ?? path) { try ImageCodecs.decode(contentsOf: opening ?? path) }
        glasses?.kit.record("captured_image", [("glasses", .string(glasses?.identifier ?? "")), ("path", .string(path))])
    }

    /// Makes the next capture fail, by default as MockDeviceKit's `simulateCaptureFailure`
    /// (`captureFailure`); `sessionSetupFailed` and `serviceUnavailable` are the glasses'
    /// other refusals, which DAT names without saying when they happen.
    public func simulateCaptureFailure(_ failure: PhotoError = .captureFailure) {
        nextCaptureFailure = failure
        glasses?.kit.record("fail_next_capture", [("glasses", .string(glasses?.identifier ?? "")), ("code", .string(failure.rawValue))])
    }

    /// How long a start that fails (ios#214) hangs in `starting` first.
    public static let failingStartDuration: Double = 5

    /// Sets the camera up for a stream: `CameraStream.startDuration`, or the field's failures.
    func prepare(scheduler: Scheduler, completion: @escaping (Result<Void, StreamError>) -> Void) {
        let (delay, outcome): (Double, Result<Void, StreamError>)
        if isOrphaned {
            (delay, outcome) = (CameraStream.startDuration, .failure(.internalError))
        } else if failsNextStart {
            failsNextStart = false
            (delay, outcome) = (Self.failingStartDuration, .failure(.internalError))
        } else {
            (delay, outcome) = (CameraStream.startDuration, .success(()))
        }
        scheduler.schedule(after: delay) { completion(outcome) }
    }

    func failNextStart() { failsNextStart = true }
    func orphan() { isOrphaned = true }
    /// A power cycle frees an orphaned camera.
    func powerCycled() { isOrphaned = false }

    func capture(format: PhotoCaptureFormat, size: VideoSize, quality: Int, scheduler: Scheduler,
                 setUp: @escaping () -> Void, progress: @escaping (PhotoTransferProgress) -> Void,
                 completion: @escaping (Result<Photo, PhotoError>) -> Void) {
        let span = Self.captureDuration.upperBound - Self.captureDuration.lowerBound
        let delay = Self.captureDuration.lowerBound + span * scheduler.random.unit()
        let failure = isOrphaned ? nil : nextCaptureFailure
        // The glasses refuse at once, before the capture starts (the delay is drawn all the same, so the run's draws do not depend on it).
        let refusesAtOnce = failure == .sessionSetupFailed || failure == .serviceUnavailable
        if !refusesAtOnce { scheduler.schedule(after: PhotoCapture.setupDuration, setUp) }
        // An orphaned camera's pipeline delivers nothing: the capture times out in the model.
        guard !isOrphaned else { return }
        nextCaptureFailure = nil
        scheduler.schedule(after: refusesAtOnce ? 0 : delay) { [weak self] in
            guard let self, let glasses = self.glasses else { return completion(.failure(.deviceDisconnected)) }
            guard glasses.link == .connected else { return completion(.failure(.deviceDisconnected)) }
            if let failure { return completion(.failure(failure)) }
            let picture = self.capturedImage ?? self.feed.image(at: scheduler.now, size: size)
            let taken = scheduler.now
            scheduler.offload({ try? Photo(encoding: picture, format: format, quality: quality, timestamp: taken) }) { [weak glasses] photo in
                guard let photo else { return completion(.failure(.captureFailure)) }
                guard let glasses, glasses.link == .connected else { return completion(.failure(.deviceDisconnected)) }
                self.transfer(photo, over: glasses, scheduler: scheduler, progress: progress, completion: completion)
            }
        }
    }

    /// The photo crosses the link at its bandwidth: its bytes over the link's rate, with
    /// progress in `progressSteps` steps. A link that drops meanwhile loses the photo
    /// (`deviceDisconnected`); one that drops and comes back does not resume it.
    private func transfer(_ photo: Photo, over glasses: SimulatedGlasses, scheduler: Scheduler,
                          progress: @escaping (PhotoTransferProgress) -> Void,
                          completion: @escaping (Result<Photo, PhotoError>) -> Void) {
        let seconds = Self.transferSeconds(bytes: photo.size, kbps: glasses.bandwidthKbps)
        let steps = Self.progressSteps
        progress(PhotoTransferProgress(bytesReceived: 0, totalBytes: photo.size))
        let started = scheduler.now
        var intact = true
        for step in 1...steps {
            scheduler.schedule(after: seconds * Double(step) / Double(steps)) { [weak glasses] in
                guard intact else { return }
                guard let glasses, glasses.link == .connected, glasses.linkSince <= started else {
                    intact = false
                    return completion(.failure(.deviceDisconnected))
                }
                progress(PhotoTransferProgress(bytesReceived: photo.size * step / steps, totalBytes: photo.size))
                if step == steps { completion(.success(photo)) }
            }
        }
    }

    /// Seconds to move `bytes` over a link of `kbps` (at least 1 kbps: a link that carries nothing drops).
    static func transferSeconds(bytes: Int, kbps: Double) -> Double {
        Double(bytes) * 8 / (max(kbps, 1) * 1000)
    }
}
