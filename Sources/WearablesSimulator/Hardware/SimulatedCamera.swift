import WearablesCore

/// The camera of simulated glasses (MockDeviceKit's camera kit): its feed, the image
/// a capture returns, and scripted capture failures.
public final class SimulatedCamera {
    /// A capture takes a random time in this range.
    public static let captureDuration = 0.3...0.8

    public private(set) var feed: FrameSource
    /// When set, captures return this picture instead of the live frame.
    public private(set) var capturedImage: RGBImage?
    private var nextCaptureFailure: PhotoError?
    weak var glasses: SimulatedGlasses?

    init(feed: FrameSource) { self.feed = feed }

    /// Feeds a video (`.mp4`, `.mov`, `.mkv`, `.y4m`) or still image (PNG/JPEG) file; throws when it cannot be read.
    public func setCameraFeed(path: String) throws {
        feed = try CameraFeed.file(path)
        glasses?.kit.record("camera_feed", [("glasses", .string(glasses?.identifier ?? "")), ("path", .string(path))])
    }

    /// Feeds a synthetic pattern, seeded from the world's generator.
    public func setCameraFeed(pattern: CameraFeed.Pattern) {
        guard let kit = glasses?.kit else { return }
        feed = CameraFeed.synthetic(pattern, seed: kit.scheduler.random.next())
        kit.record("camera_feed", [("glasses", .string(glasses?.identifier ?? "")), ("pattern", .string(pattern.rawValue))])
    }

    /// The picture captures return (MockDeviceKit `setCapturedImage`).
    public func setCapturedImage(path: String) throws {
        capturedImage = try ImageCodecs.decode(contentsOf: path)
        glasses?.kit.record("captured_image", [("glasses", .string(glasses?.identifier ?? "")), ("path", .string(path))])
    }

    /// Makes the next capture fail, by default as MockDeviceKit's `simulateCaptureFailure`
    /// (`captureFailure`); `sessionSetupFailed` and `serviceUnavailable` are the glasses'
    /// other refusals, which DAT names without saying when they happen.
    public func simulateCaptureFailure(_ failure: PhotoError = .captureFailure) {
        nextCaptureFailure = failure
        glasses?.kit.record("fail_next_capture", [("glasses", .string(glasses?.identifier ?? "")), ("code", .string(failure.rawValue))])
    }

    func capture(format: PhotoCaptureFormat, size: VideoSize, quality: Int, scheduler: Scheduler,
                 completion: @escaping (Result<Photo, PhotoError>) -> Void) {
        let span = Self.captureDuration.upperBound - Self.captureDuration.lowerBound
        let delay = Self.captureDuration.lowerBound + span * scheduler.random.unit()
        let failure = nextCaptureFailure
        nextCaptureFailure = nil
        // The glasses refuse at once, before the capture starts (the delay is drawn all the same, so the run's draws do not depend on it).
        let refusesAtOnce = failure == .sessionSetupFailed || failure == .serviceUnavailable
        scheduler.schedule(after: refusesAtOnce ? 0 : delay) { [weak self] in
            guard let self, let glasses = self.glasses else { return completion(.failure(.deviceDisconnected)) }
            guard glasses.link == .connected else { return completion(.failure(.deviceDisconnected)) }
            if let failure { return completion(.failure(failure)) }
            let picture = self.capturedImage ?? self.feed.image(at: scheduler.now, size: size)
            do {
                completion(.success(try Photo(encoding: picture, format: format, quality: quality, timestamp: scheduler.now)))
            } catch {
                completion(.failure(.captureFailure))
            }
        }
    }
}
