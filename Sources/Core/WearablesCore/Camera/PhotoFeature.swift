/// DAT 1.0 `Camera.photo`: the camera's persistent standalone-photo feature. `start()`
/// goes `starting` → `started`; `capturePhoto` is fire-and-forget and every accepted
/// capture has one outcome, its photo on the data publisher or a `PhotoError` on the
/// error publisher; `stop()` goes `stopping` → `stopped`, and the same feature starts
/// again. Captures run over the camera's one capture slot (the backend's
/// `capturePhoto`), so the feature works alike embedded, connected and bridged.
public final class PhotoFeature {
    /// Time from `starting` to `started` (ours: DAT states none; as long as a
    /// per-capture set-up, ``PhotoCapture/setupDuration``).
    public static let startDuration: Double = PhotoCapture.setupDuration
    /// Time from `stopping` to `stopped` (ours, like the stream's).
    public static let stopDuration: Double = CameraStream.stopDuration
    /// A capture asked of a started feature while the camera streams fails after this
    /// long (*(field)*: "a running stream makes a capture fail in about 100 ms").
    public static let streamConflictDelay: Double = 0.1

    public private(set) var state: PhotoState = .stopped
    /// Whether a capture is in flight (a second one is refused `busy`).
    public var isCapturing: Bool { inFlight != nil || conflictTimer != nil }

    /// Weak: the camera holds its feature; a feature that is not stopped holds its camera back.
    private weak var camera: CameraStream?
    private var cameraWhileActive: CameraStream?
    private unowned let wearables: Wearables
    private let stateListeners: Broadcaster<PhotoState>
    private let dataListeners: Broadcaster<Photo>
    private let errorListeners: Broadcaster<PhotoError>
    private let progressListeners: Broadcaster<PhotoTransferProgress>
    /// Counts starts and stops, so a timer set for an earlier one is ignored.
    private var serial = 0
    /// The serial of the capture in flight on the camera, if any.
    private var inFlight: Int?
    private var captureSerial = 0
    private var conflictTimer: TimerToken?
    private var startWaiters: [(Result<Void, PhotoError>) -> Void] = []

    init(camera: CameraStream) {
        self.camera = camera
        wearables = camera.wearables
        let scheduler = camera.wearables.scheduler
        stateListeners = Broadcaster(scheduler: scheduler)
        dataListeners = Broadcaster(scheduler: scheduler)
        errorListeners = Broadcaster(scheduler: scheduler)
        progressListeners = Broadcaster(scheduler: scheduler)
    }

    deinit { conflictTimer?.cancel() }

    // MARK: Publishers

    /// DAT `statePublisher`: fires at once with the current state, then on every change.
    public func addStateListener(_ listener: @escaping (PhotoState) -> Void) -> ListenerToken {
        stateListeners.add(current: state, listener)
    }

    /// DAT `photoDataPublisher`: each captured photo.
    public func addDataListener(_ listener: @escaping (Photo) -> Void) -> ListenerToken {
        dataListeners.add(listener)
    }

    /// DAT `errorPublisher`: refused captures and failed ones, failed starts, the device's loss.
    public func addErrorListener(_ listener: @escaping (PhotoError) -> Void) -> ListenerToken {
        errorListeners.add(listener)
    }

    /// DAT `transferProgressPublisher`: each step of a photo's transfer.
    public func addProgressListener(_ listener: @escaping (PhotoTransferProgress) -> Void) -> ListenerToken {
        progressListeners.add(listener)
    }

    // MARK: Control

    /// DAT `start()`: `starting`, then `started` after ``startDuration``. `completion` runs at
    /// `started`, or with the error that kept it from there (also published). Refused
    /// (`stopped`, error published): on a camera that is streaming (DAT: "stop an active
    /// Stream before starting Photo"; `busy`, ours), without camera permission
    /// (`permissionDenied`), on hot glasses (`deviceHealthCritical`), off a started session
    /// or on a removed camera (`notReady`). Starting a started feature only waits.
    public func start(completion: @escaping (Result<Void, PhotoError>) -> Void = { _ in }) {
        switch state {
        case .started: return wearables.finish(completion, .success(()))
        case .starting: return startWaiters.append(completion)
        case .stopping: return refuse(.notReady, completion)
        case .stopped: break
        }
        if let refusal = startRefusal { return refuse(refusal, completion) }
        startWaiters.append(completion)
        cameraWhileActive = camera
        serial += 1
        let current = serial
        transition(to: .starting)
        wearables.scheduler.schedule(after: Self.startDuration) { [weak self] in
            guard let self, self.serial == current, self.state == .starting else { return }
            if let refusal = self.startRefusal { return self.end(publishing: refusal) }
            self.transition(to: .started)
            self.completeStart(.success(()))
        }
    }

    /// DAT `stop()`: `stopping`, then `stopped` after ``stopDuration``. A capture in flight
    /// fails `notReady` (DAT asks apps to wait for delivery before stopping).
    public func stop() {
        guard state == .starting || state == .started else { return }
        abandonCapture(failingWith: .notReady)
        completeStart(.failure(.notReady))
        serial += 1
        let current = serial
        transition(to: .stopping)
        wearables.scheduler.schedule(after: Self.stopDuration) { [weak self] in
            guard let self, self.serial == current, self.state == .stopping else { return }
            self.transition(to: .stopped)
        }
    }

    /// DAT `capturePhoto(resolution:quality:)`, fire-and-forget: the photo arrives on the data
    /// publisher, a failure on the error publisher. Refused at once: before `started`
    /// (`notReady`, as DAT documents), while a capture is in flight (`busy`), on a paused
    /// session or a link that is down (`notReady`). While the camera streams the capture
    /// fails `captureFailure` after ``streamConflictDelay`` *(field)*. `format` is
    /// GlassesScript's addition (DAT's photo takes none); jpeg by default.
    public func capturePhoto(resolution: PhotoResolution = .medium, quality: PhotoQuality = .medium, format: PhotoCaptureFormat = .jpeg) {
        guard state == .started, let camera else { return publish(.notReady) }
        if isCapturing || camera.isCapturing { return publish(.busy) }
        guard camera.session?.state == .started, camera.device?.isConnected == true else { return publish(.notReady) }
        if camera.state != .stopped { return failAfterStreamConflict() }
        captureSerial += 1
        let current = captureSerial
        inFlight = current
        let began = camera.beginFeatureCapture(
            format: format, size: resolution.size, quality: quality.encoderQuality,
            progress: { [weak self] step in self?.progressed(step, capture: current) },
            completion: { [weak self] result in self?.finished(result, capture: current) })
        if !began {
            inFlight = nil
            publish(.notReady)
        }
    }

    // MARK: Camera reports

    /// The session stopped or the device ended it: a capture in flight fails (its camera
    /// traces why), a lost link is published (`deviceDisconnected`), and the feature is `stopped`.
    func sessionEnding(error: StreamError?) {
        guard state != .stopped else { return }
        let failure = error.map(PhotoError.inFlightCaptureEnded)
        if let timer = conflictTimer {
            timer.cancel()
            conflictTimer = nil
            publish(failure ?? .notReady)
        } else if inFlight != nil {
            // The camera abandons the capture right after, and traces it.
            inFlight = nil
            errorListeners.emit(failure ?? .notReady)
        } else if let failure {
            publish(failure)
        }
        stopNow(failingStartWith: failure ?? .notReady)
    }

    /// The camera left its session (`removeCamera`): its children stop with it.
    func cameraRemoved() {
        guard state != .stopped else { return }
        abandonCapture(failingWith: .notReady)
        stopNow(failingStartWith: .notReady)
    }

    // MARK: Internals

    /// Why `start()` cannot go on now, if anything stops it.
    private var startRefusal: PhotoError? {
        guard let camera, !camera.isRemoved, camera.implicitSession == nil, let session = camera.session,
              session.state == .started, session.camera === camera else { return .notReady }
        if wearables.checkPermissionStatus(.camera) != .granted { return .permissionDenied }
        if let thermal = camera.device?.thermalLevel, CameraStream.tooHotToStream.contains(thermal) { return .deviceHealthCritical }
        if camera.device?.isConnected != true { return .deviceDisconnected }
        if camera.state != .stopped { return .busy }
        return nil
    }

    private func failAfterStreamConflict() {
        conflictTimer = wearables.scheduler.schedule(after: Self.streamConflictDelay) { [weak self] in
            guard let self else { return }
            self.conflictTimer = nil
            self.publish(.captureFailure)
        }
    }

    private func progressed(_ step: PhotoTransferProgress, capture: Int) {
        guard inFlight == capture else { return }
        wearables.trace.record(source: traceSource, event: "photo_progress",
                               values: ["bytes": .int(step.bytesReceived), "total": .int(step.totalBytes)])
        progressListeners.emit(step)
    }

    /// The camera traced the outcome (`photo` or `error`); the feature publishes it.
    private func finished(_ result: Result<Photo, PhotoError>, capture: Int) {
        guard inFlight == capture else { return }
        inFlight = nil
        switch result {
        case .success(let photo): dataListeners.emit(photo)
        case .failure(let error): errorListeners.emit(error)
        }
    }

    /// Ends the feature's capture in flight with `error` (the camera traces it).
    private func abandonCapture(failingWith error: PhotoError) {
        if let timer = conflictTimer {
            timer.cancel()
            conflictTimer = nil
            publish(error)
        }
        guard inFlight != nil else { return }
        inFlight = nil
        camera?.abandonCapture(failingWith: error)
        errorListeners.emit(error)
    }

    /// A failed start: published, and the feature is `stopped` again.
    private func end(publishing error: PhotoError) {
        publish(error)
        stopNow(failingStartWith: error)
    }

    private func stopNow(failingStartWith error: PhotoError) {
        conflictTimer?.cancel()
        conflictTimer = nil
        serial += 1
        completeStart(.failure(error))
        transition(to: .stopping)
        transition(to: .stopped)
    }

    private func refuse(_ error: PhotoError, _ completion: @escaping (Result<Void, PhotoError>) -> Void) {
        publish(error)
        wearables.finish(completion, .failure(error))
    }

    private func completeStart(_ result: Result<Void, PhotoError>) {
        let waiters = startWaiters
        startWaiters.removeAll()
        for waiter in waiters { wearables.finish(waiter, result) }
    }

    /// Traces and publishes an error the feature itself found.
    private func publish(_ error: PhotoError) {
        wearables.traceError(error, source: traceSource)
        errorListeners.emit(error)
    }

    private func transition(to next: PhotoState) {
        guard next != state else { return }
        state = next
        wearables.trace.record(source: traceSource, event: "photo_state", values: ["state": .string(next.name)])
        stateListeners.emit(next)
        if next == .stopped { cameraWhileActive = nil }
    }

    /// The feature's own records (`camera1.photo`), apart from `cam:start_photo{}`'s on the camera's.
    private var traceSource: String { (camera?.traceSource ?? "camera0") + ".photo" }
}
