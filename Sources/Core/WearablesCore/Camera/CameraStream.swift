/// A camera stream (DAT 1.0's camera capability; with an implicit session, the
/// seeds' `StreamSession`). Frames arrive on the scheduler at the effective rate the
/// bandwidth ladder allows; photos arrive as events.
public final class CameraStream {
    /// Time from `starting` to `streaming` (the glasses' set-up, `prepareCamera`).
    public static let startDuration: Double = 0.3
    /// Time from `stopping` to `stopped`.
    public static let stopDuration: Double = 0.1
    /// A capture with no photo after this long fails (`captureFailure`): the glasses
    /// may never deliver one (audio over HFP), and a capture in flight blocks frames.
    public static let captureTimeout: Double = 10

    public static let transitions: [StreamState: Set<StreamState>] = [
        .stopped: [.waitingForDevice, .starting],
        .waitingForDevice: [.starting, .stopping, .stopped],
        .starting: [.streaming, .paused, .stopping, .stopped],
        .streaming: [.paused, .stopping, .stopped],
        .paused: [.streaming, .stopping, .stopped],
        .stopping: [.stopped],
    ]

    public let configuration: StreamConfiguration
    public private(set) var state: StreamState = .stopped
    /// Resolution and frame rate after the bandwidth ladder.
    public private(set) var effective: EffectiveStreamSettings
    /// The session the camera runs on (for an implicit stream, the current one).
    public private(set) var session: DeviceSession?
    /// The session an implicit stream made for itself (and stops with itself); nil for a session's camera.
    public var implicitSession: DeviceSession? { implicitSelector != nil ? session : nil }
    /// Frames delivered since the stream was created.
    public private(set) var frameCount = 0
    public private(set) var isCapturing = false

    unowned let wearables: Wearables
    private let implicitSelector: DeviceSelector?
    private let stateListeners: Broadcaster<StreamState>
    private let frameListeners: Broadcaster<VideoFrame>
    private let photoListeners: Broadcaster<Photo>
    /// DAT's stream error publisher: `StreamError`s only (a capture's `PhotoError` is its caller's).
    private let errorListeners: Broadcaster<StreamError>
    private let effectiveListeners: Broadcaster<EffectiveStreamSettings>
    private lazy var cameraStateListeners = Broadcaster<CameraState>(scheduler: wearables.scheduler)
    private var startWaiters: [(Result<Void, StreamError>) -> Void] = []
    /// Counts the starts asked of the glasses, so an answer to an earlier one is ignored.
    private var startSerial = 0
    private var feed: CameraFeedHandle?
    private var captureSerial = 0
    private var captureCompletion: ((Result<Photo, PhotoError>) -> Void)?
    /// Where a standalone photo's transfer progress goes (nil for a stream capture: DAT's
    /// stream `capturePhoto` reports none).
    private var captureProgress: ((PhotoTransferProgress) -> Void)?
    private var captureSetUp: (() -> Void)?
    /// Whether the capture in flight is a standalone photo (`Camera.photo`), whose
    /// failures are its own, or the stream's `capturePhoto`, whose failures the stream
    /// also reports (`StreamError.photoCaptureFailed`).
    private var captureIsStandalone = false
    /// Removed from its session (`DeviceSession.removeCamera`): the capability is gone.
    public private(set) var isRemoved = false
    private var captureTimer: TimerToken?
    private var tokens: [ListenerToken] = []
    private var deviceWatch: ListenerToken?
    private var sessionWatch: ListenerToken?
    /// A started stream holds itself until it is stopped, as a running capture
    /// session does: it lives on when nothing else references it (a script's local
    /// went out of scope) and keeps delivering to its listeners.
    private var selfWhileStarted: CameraStream?
    private var photoFeature: PhotoFeature?

    /// DAT 1.0 `camera.photo`: the camera's one persistent standalone-photo feature.
    public var photo: PhotoFeature {
        if let photoFeature { return photoFeature }
        let feature = PhotoFeature(camera: self)
        photoFeature = feature
        return feature
    }

    init(session: DeviceSession, configuration: StreamConfiguration) {
        self.wearables = session.wearables
        self.session = session
        self.configuration = configuration
        implicitSelector = nil
        let scheduler = session.wearables.scheduler
        stateListeners = Broadcaster(scheduler: scheduler)
        frameListeners = Broadcaster(scheduler: scheduler)
        photoListeners = Broadcaster(scheduler: scheduler)
        errorListeners = Broadcaster(scheduler: scheduler)
        effectiveListeners = Broadcaster(scheduler: scheduler)
        effective = EffectiveStreamSettings(resolution: configuration.resolution, frameRate: configuration.frameRate)
        observeModel()
    }

    init(implicitSessionOf wearables: Wearables, selector: DeviceSelector, configuration: StreamConfiguration) {
        self.wearables = wearables
        self.configuration = configuration
        implicitSelector = selector
        let scheduler = wearables.scheduler
        stateListeners = Broadcaster(scheduler: scheduler)
        frameListeners = Broadcaster(scheduler: scheduler)
        photoListeners = Broadcaster(scheduler: scheduler)
        errorListeners = Broadcaster(scheduler: scheduler)
        effectiveListeners = Broadcaster(scheduler: scheduler)
        effective = EffectiveStreamSettings(resolution: configuration.resolution, frameRate: configuration.frameRate)
        observeModel()
    }

    deinit {
        for token in tokens { token.cancel() }
        deviceWatch?.cancel()
        sessionWatch?.cancel()
        feed?.stop()
        captureTimer?.cancel()
    }

    public var deviceIdentifier: DeviceIdentifier? { session?.deviceIdentifier }

    /// The device the camera streams from, once its session has one.
    public var device: Device? { deviceIdentifier.flatMap(wearables.deviceForIdentifier) }

    /// Thermal levels at which the glasses refuse to stream.
    static let tooHotToStream: Set<ThermalLevel> = [.severe, .critical, .emergency, .shutdown]
    /// At or below this battery level the glasses refuse to stream (`batteryLow`).
    public static let lowBatteryLevel = 10

    // MARK: Listeners

    /// Fires at once with the current state, then on every transition.
    public func addStateListener(_ listener: @escaping (StreamState) -> Void) -> ListenerToken {
        stateListeners.add(current: state, listener)
    }

    /// The camera capability's state, which changes less often than the stream's.
    public var cameraState: CameraState { CameraState(state) }

    /// Fires at once with the capability's state, then on each of its changes.
    public func addCameraStateListener(_ listener: @escaping (CameraState) -> Void) -> ListenerToken {
        cameraStateListeners.add(current: cameraState, listener)
    }

    /// Every delivered frame, synchronously from the frame's own scheduler event.
    public func addFrameListener(_ listener: @escaping (VideoFrame) -> Void) -> ListenerToken {
        frameListeners.add(listener)
    }

    public func addPhotoListener(_ listener: @escaping (Photo) -> Void) -> ListenerToken {
        photoListeners.add(listener)
    }

    /// `StreamError`s, and `PhotoError`s of failed captures.
    public func addErrorListener(_ listener: @escaping (StreamError) -> Void) -> ListenerToken {
        errorListeners.add(listener)
    }

    /// Fires at once with the effective settings, then on every ladder step.
    public func addEffectiveSettingsListener(_ listener: @escaping (EffectiveStreamSettings) -> Void) -> ListenerToken {
        effectiveListeners.add(current: effective, listener)
    }

    public func stateStream() -> AsyncStream<StreamState> { stateListeners.stream(current: state) }
    public func photoStream() -> AsyncStream<Photo> { photoListeners.stream(current: nil) }

    // MARK: Control

    /// Whether this camera is the session's one camera capability: from `addCamera` until
    /// it is removed (DAT 1.0's `Camera.stop()` detaches it; its stream stopping does not).
    var holdsCapability: Bool { !isRemoved }

    /// Starts streaming; `completion` runs at `streaming` or with the error that stopped it.
    /// Waits in `waitingForDevice` while the session (or, for an implicit stream, an
    /// eligible device) is not available yet. Throws what `DeviceSession.start` and
    /// `addCamera` would: `sessionAlreadyStopped` when the camera's session has stopped,
    /// `capabilityAlreadyActive` when another camera has taken the session's camera slot,
    /// `capabilityNotFound` when the camera was removed from its session.
    public func start(completion: @escaping (Result<Void, StreamError>) -> Void = { _ in }) throws {
        if implicitSelector == nil, state == .stopped, let session {
            if session.state == .stopping || session.state == .stopped { throw DeviceSessionError.sessionAlreadyStopped }
            if isRemoved { throw DeviceSessionError.capabilityNotFound }
            if let holder = session.camera, holder !== self { throw DeviceSessionError.capabilityAlreadyActive }
            session.adopt(self)
        }
        switch state {
        case .streaming, .paused:
            wearables.finish(completion, .success(()))
            return
        case .starting, .waitingForDevice:
            startWaiters.append(completion)
            return
        case .stopping:
            wearables.finish(completion, .failure(.internalError))
            return
        case .stopped:
            break
        }
        startWaiters.append(completion)
        selfWhileStarted = self
        if implicitSelector != nil {
            startImplicitSession()
        } else {
            startOnSession()
        }
    }

    /// Stops the stream (and an implicit stream's session).
    public func stop() {
        guard state != .stopped, state != .stopping else { return }
        endStream(error: nil, stopsImplicitSession: true, delay: Self.stopDuration)
    }

    /// DAT `capturePhoto(format:)`: false when not streaming or while a capture is in
    /// flight; otherwise exactly one outcome arrives as an event: the photo, or a
    /// `PhotoError` naming the cause (also when the stream ends under the capture).
    /// Frames pause while the capture runs and resume by themselves.
    /// `size` and `quality` are DAT 1.0 `Camera.photo`'s (nil size: the stream's).
    public func capturePhoto(format: PhotoCaptureFormat, size: VideoSize? = nil, quality: Int = ImageCodecs.defaultQuality) -> Bool {
        guard state == .streaming, !isCapturing else { return false }
        return beginCapture(format: format, size: size ?? effective.size, quality: quality, standalone: false)
    }

    /// Whether a standalone photo can be taken now: on a streaming camera, or (DAT 1.0's
    /// `Camera.photo`, which needs no stream) on a stopped camera still attached to its
    /// started session. An implicit stream's session lives only while it streams.
    var canTakeStandalonePhoto: Bool {
        if state == .streaming { return true }
        return state == .stopped && implicitSelector == nil && !isRemoved && session?.state == .started && session?.camera === self
    }

    /// Asks the glasses for a still; the capture timeout restarts while its transfer
    /// progresses (a transfer under way is an answer; a large photo over a slow link
    /// takes longer than the timeout).
    private func beginCapture(format: PhotoCaptureFormat, size: VideoSize, quality: Int, standalone: Bool) -> Bool {
        guard let identifier = deviceIdentifier else { return false }
        isCapturing = true
        captureIsStandalone = standalone
        captureSerial += 1
        let serial = captureSerial
        wearables.trace.record(source: traceSource, event: "capture", values: ["format": .string(format.name)])
        armCaptureTimeout(serial: serial)
        wearables.backend.capturePhoto(on: identifier, format: format, size: size, quality: quality, setUp: { [weak self] in
            guard let self, serial == self.captureSerial, self.isCapturing else { return }
            self.captureSetUp?()
        }, progress: { [weak self] progress in
            guard let self, serial == self.captureSerial, self.isCapturing else { return }
            self.armCaptureTimeout(serial: serial)
            self.captureProgress?(progress)
        }) { [weak self] result in
            self?.finishCapture(serial: serial, result: result)
        }
        return true
    }

    private func armCaptureTimeout(serial: Int) {
        captureTimer?.cancel()
        captureTimer = wearables.scheduler.schedule(after: Self.captureTimeout) { [weak self] in
            self?.finishCapture(serial: serial, result: .failure(.captureFailure))
        }
    }

    /// Captures and calls back with the photo or the reason there is none
    /// (`PhotoError.notReady`/`busy` at once; `PhotoError`s from the device later).
    public func capture(format: PhotoCaptureFormat, size: VideoSize? = nil, quality: Int = ImageCodecs.defaultQuality,
                        completion: @escaping (Result<Photo, PhotoError>) -> Void) {
        if isCapturing { return wearables.finish(completion, .failure(.busy)) }
        guard capturePhoto(format: format, size: size, quality: quality) else { return wearables.finish(completion, .failure(.notReady)) }
        captureCompletion = completion
    }

    /// DAT 1.0 `Camera.photo`'s `capturePhoto(resolution:quality:)`: a still at its own
    /// size and quality, whose states and outcome the returned capture reports.
    /// Works with the stream stopped (`canTakeStandalonePhoto`); its transfer reports progress.
    public func startPhoto(format: PhotoCaptureFormat, resolution: PhotoResolution, quality: PhotoQuality) -> PhotoCapture {
        let refused = { (error: PhotoError) in
            PhotoCapture(refused: error, scheduler: self.wearables.scheduler, trace: self.wearables.trace, traceSource: self.traceSource)
        }
        if isCapturing { return refused(.busy) }
        guard canTakeStandalonePhoto,
              beginCapture(format: format, size: resolution.size, quality: quality.encoderQuality, standalone: true) else {
            return refused(.notReady)
        }
        let capture = PhotoCapture(scheduler: wearables.scheduler, trace: wearables.trace, traceSource: traceSource)
        captureCompletion = { capture.finish($0) }
        captureProgress = { capture.progressed($0) }
        captureSetUp = { capture.setUp() }
        return capture
    }

    /// A capture for ``PhotoFeature``: a standalone photo whose outcome and progress go to
    /// the feature. False when the camera has no device.
    func beginFeatureCapture(format: PhotoCaptureFormat, size: VideoSize, quality: Int,
                             progress: @escaping (PhotoTransferProgress) -> Void,
                             completion: @escaping (Result<Photo, PhotoError>) -> Void) -> Bool {
        guard beginCapture(format: format, size: size, quality: quality, standalone: true) else { return false }
        captureCompletion = completion
        captureProgress = progress
        return true
    }

    /// DAT `Camera.stop()` on a camera its session gives up (`DeviceSession.removeCamera`):
    /// the stream stops, its photo feature stops, and the camera cannot start again.
    func remove() {
        isRemoved = true
        photoFeature?.cameraRemoved()
        if state == .stopped { abandonCapture(failingWith: .notReady) }
        stop()
    }

    // MARK: Session reports

    func sessionPaused() {
        guard state == .streaming || state == .starting else { return }
        stopFeed()
        transition(to: .paused)
    }

    func sessionResumed() {
        if state == .paused {
            becomeStreaming()
        } else if state == .waitingForDevice, implicitSelector == nil {
            beginStarting()
        }
    }

    func sessionEnding(error: StreamError?) {
        if state != .stopped { endStream(error: error, stopsImplicitSession: false, delay: 0) }
        photoFeature?.sessionEnding(error: error)
        // A standalone photo outlives its stream, not its session.
        abandonCapture(failingWith: .inFlightCaptureEnded(by: error))
    }

    /// A stream with audio that lost the glasses' HFP input (the route went, a phone call)
    /// stops with `audioStreamingError`, as DAT reports audio failures (1.0 CHANGELOG:
    /// "Adds `.audioStreamingError` for audio failures"), rather than going silent.
    func phoneAudioChanged() {
        guard configuration.audioCodec != nil, state == .streaming || state == .paused || state == .starting,
              let identifier = deviceIdentifier, let problem = wearables.backend.audioStreamingProblem(on: identifier) else { return }
        wearables.trace.record(source: traceSource, event: "audio_lost", values: ["problem": .string(problem)])
        fail(with: .audioStreamingError)
    }

    /// The device ended the camera but not the session (`nil`: without an error).
    func fail(with error: StreamError?) {
        guard state != .stopped, state != .stopping else { return }
        endStream(error: error, stopsImplicitSession: true, delay: 0)
    }

    // MARK: Starting

    private func startOnSession() {
        guard let session else { return failStart(.internalError) }
        switch session.state {
        case .started: beginStarting()
        case .idle, .starting, .paused: transition(to: .waitingForDevice)
        case .stopping, .stopped: failStart(.internalError)  // `start` refused these already
        }
    }

    private func startImplicitSession() {
        guard let selector = implicitSelector else { return }
        transition(to: .waitingForDevice)
        let session = wearables.createImplicitSession(deviceSelector: selector)
        session.adopt(self)
        self.session = session
        do {
            try session.start { [weak self, weak session] result in
                guard let self, let session, self.session === session, self.state == .waitingForDevice else { return }
                switch result {
                case .success: self.beginStarting()
                case .failure(.noEligibleDevice): self.waitForEligibleDevice()
                case .failure(let error): self.failStart(Self.streamError(for: error, device: session.deviceIdentifier))
                }
            }
        } catch {
            failStart(.internalError)
        }
    }

    /// DAT's `waitingForDevice`: retry when the selector's device becomes connected.
    private func waitForEligibleDevice() {
        deviceWatch = wearables.observeDeviceChanges { [weak self] in
            guard let self, self.state == .waitingForDevice, let selector = self.implicitSelector,
                  let id = selector.activeDevice, self.wearables.deviceForIdentifier(id)?.isConnected == true else { return }
            self.deviceWatch?.cancel()
            self.deviceWatch = nil
            self.wearables.scheduler.schedule(after: 0) { [weak self] in
                guard let self, self.state == .waitingForDevice else { return }
                self.startImplicitSession()
            }
        }
    }

    private func beginStarting() {
        guard wearables.checkPermissionStatus(.camera) == .granted else { return failStart(.permissionDenied) }
        if let thermal = device?.thermalLevel, Self.tooHotToStream.contains(thermal) { return failStart(.thermalHot) }
        if let battery = device?.batteryLevel, battery <= Self.lowBatteryLevel { return failStart(.batteryLow) }
        if configuration.audioCodec != nil, wearables.checkPermissionStatus(.microphone) != .granted {
            return failStart(.permissionDenied)
        }
        if configuration.audioCodec != nil, let identifier = deviceIdentifier,
           let problem = wearables.backend.audioStreamingProblem(on: identifier) {
            wearables.trace.record(source: traceSource, event: "audio_not_ready", values: ["problem": .string(problem)])
            return failStart(.audioStreamingError)
        }
        guard let identifier = deviceIdentifier else { return failStart(.internalError) }
        transition(to: .starting)
        startSerial += 1
        let serial = startSerial
        wearables.backend.prepareCamera(on: identifier) { [weak self] result in
            // A stop (and a new start) meanwhile makes this answer stale.
            guard let self, serial == self.startSerial else { return }
            switch result {
            case .success: if self.state == .starting { self.becomeStreaming() }
            case .failure(let error): if self.state == .starting || self.state == .paused { self.failStart(error) }
            }
        }
    }

    /// From `starting`, or from a `paused` that interrupted `starting`.
    private func becomeStreaming() {
        if let identifier = deviceIdentifier {
            let linkKbps = wearables.backend.linkBandwidthKbps(of: identifier)
            applyLadder(linkKbps: linkKbps)
            if failIfLinkTooNarrow(linkKbps: linkKbps) { return }
        }
        transition(to: .streaming)
        startFeed()
        completeStart(.success(()))
    }

    private func failStart(_ error: StreamError) {
        endStream(error: error, stopsImplicitSession: true, delay: 0)
    }

    private func completeStart(_ result: Result<Void, StreamError>) {
        let waiters = startWaiters
        startWaiters.removeAll()
        for waiter in waiters { wearables.finish(waiter, result) }
    }

    static func streamError(for error: DeviceSessionError, device: DeviceIdentifier?) -> StreamError {
        switch error {
        case .noEligibleDevice: device.map(StreamError.deviceNotConnected) ?? .deviceNotFound("none")
        case .thermalCritical, .thermalEmergency: .thermalHot
        case .batteryCritical: .batteryLow
        case .peakPowerShutdown: .peakPowerLimit
        case .unexpectedError: .timeout
        default: .internalError
        }
    }

    // MARK: Ending

    private func endStream(error: StreamError?, stopsImplicitSession: Bool, delay: Double) {
        stopFeed()
        startSerial += 1
        deviceWatch?.cancel()
        deviceWatch = nil
        if let error { report(error) }
        // A stream capture ends with its stream; a standalone photo (DAT's `Camera.photo`) does not.
        if !captureIsStandalone { abandonCapture(failingWith: .inFlightCaptureEnded(by: error)) }
        completeStart(.failure(error ?? .internalError))
        transition(to: .stopping)
        if implicitSelector != nil, stopsImplicitSession { session?.stop() }
        if delay > 0 {
            wearables.scheduler.schedule(after: delay) { [weak self] in
                guard let self, self.state == .stopping else { return }
                self.transition(to: .stopped)
            }
        } else {
            transition(to: .stopped)
            // A start refused before the stream left `stopped` makes no transition.
            selfWhileStarted = nil
        }
    }

    // MARK: Frames

    /// Asks the backend for pictures at the effective settings (again after a ladder step).
    private func startFeed() {
        stopFeed()
        guard let identifier = deviceIdentifier else { return }
        feed = wearables.backend.startCamera(on: identifier, settings: effective) { [weak self] timestamp, picture in
            self?.deliverFrame(seenAt: timestamp, picture: picture)
        }
    }

    private func stopFeed() {
        feed?.stop()
        feed = nil
    }

    /// A pushed picture becomes a frame only while streaming, not during a capture,
    /// and only as an object when someone (a listener or the trace) will read it.
    private func deliverFrame(seenAt timestamp: Double, picture: FrameSource) {
        guard state == .streaming, !isCapturing else { return }
        let index = frameCount
        frameCount += 1
        let traceFrames = wearables.trace.includesFrames && wearables.trace.isEnabled
        guard !frameListeners.isEmpty || traceFrames else { return }
        let frame = VideoFrame(size: effective.size, index: index, timestamp: timestamp, source: picture)
        if traceFrames {
            wearables.trace.record(source: traceSource, event: "frame",
                                   values: ["index": .int(index), "luma": .double(frame.lumaMean)])
        }
        frameListeners.emitNow(frame)
    }

    // MARK: Ladder

    private func applyLadder(linkKbps: Double) {
        let steps = BandwidthLadder.steps(for: configuration, linkKbps: linkKbps)
        guard let settled = steps.last, settled != effective else { return }
        for step in steps.dropFirst() {
            wearables.trace.record(source: traceSource, event: "ladder",
                                   values: ["resolution": .string(step.resolution.name), "fps": .int(step.frameRate),
                                            "kbps": .double(linkKbps),
                                            "fits": .bool(BandwidthLadder.fits(step, codec: configuration.videoCodec, linkKbps: linkKbps))])
        }
        if steps.count == 1 {
            wearables.trace.record(source: traceSource, event: "ladder",
                                   values: ["resolution": .string(settled.resolution.name), "fps": .int(settled.frameRate),
                                            "kbps": .double(linkKbps),
                                            "fits": .bool(BandwidthLadder.fits(settled, codec: configuration.videoCodec, linkKbps: linkKbps))])
        }
        effective = settled
        effectiveListeners.emit(settled)
        if state == .streaming { startFeed() }
    }

    /// Below the ladder's floor no frames get through: the stream fails, as DAT's does.
    @discardableResult
    private func failIfLinkTooNarrow(linkKbps: Double) -> Bool {
        guard !BandwidthLadder.fits(effective, codec: configuration.videoCodec, linkKbps: linkKbps) else { return false }
        fail(with: .videoStreamingError)
        return true
    }

    // MARK: Photos

    private func finishCapture(serial: Int, result: Result<Photo, PhotoError>) {
        guard serial == captureSerial, isCapturing else { return }
        isCapturing = false
        captureTimer?.cancel()
        let completion = captureCompletion
        captureCompletion = nil
        captureProgress = nil
        captureSetUp = nil
        switch result {
        case .success(let photo):
            wearables.trace.record(source: traceSource, event: "photo",
                                   values: ["format": .string(photo.format.name), "width": .int(photo.width),
                                            "height": .int(photo.height), "bytes": .int(photo.size)])
            photoListeners.emit(photo)
            completion?(.success(photo))
        case .failure(let error):
            // The cause is the capture's own (its caller's PhotoError; traced here). DAT 0.9+
            // reports a failed stream capture on the stream's error publisher as
            // `photoCaptureFailed` and the stream goes on; a standalone photo's failures
            // stay on the photo's own channel.
            wearables.traceError(error, source: traceSource)
            if !captureIsStandalone { report(.photoCaptureFailed) }
            completion?(.failure(error))
        }
    }

    /// The stream ends under a capture in flight: it still gets its one outcome,
    /// on the same listeners and waiter a photo would have reached; the device's
    /// late answer, if any, is ignored (the serial moves on).
    func abandonCapture(failingWith error: PhotoError) {
        guard isCapturing else { return }
        isCapturing = false
        captureTimer?.cancel()
        captureSerial += 1
        let completion = captureCompletion
        captureCompletion = nil
        captureProgress = nil
        captureSetUp = nil
        // The capture's caller hears its PhotoError; the stream's error (reported by
        // `endStream`) says why it ended, and a stream capture's failure follows it, so
        // every accepted `capturePhoto` has one outcome on the stream: a photo or
        // `photoCaptureFailed`. A standalone photo's failure stays its own.
        wearables.traceError(error, source: traceSource)
        if !captureIsStandalone { report(.photoCaptureFailed) }
        if let completion { wearables.finish(completion, .failure(error)) }
    }

    // MARK: Plumbing

    private func observeModel() {
        tokens.append(wearables.permissionEvents.add { [weak self] permission, status in
            // A permission revoked, not one unavailable while the glasses are off the link (a drop
            // pauses the stream; the link's loss ends it with its own error).
            guard let self, permission == .camera || (permission == .microphone && self.configuration.audioCodec != nil),
                  status == .denied, self.state != .stopped, self.state != .stopping, self.device?.isConnected == true else { return }
            self.fail(with: .permissionDenied)
        })
        tokens.append(wearables.bandwidthEvents.add { [weak self] identifier, kbps in
            guard let self, identifier == self.deviceIdentifier, self.state == .streaming || self.state == .paused else { return }
            self.applyLadder(linkKbps: kbps)
            self.failIfLinkTooNarrow(linkKbps: kbps)
        })
    }

    private func report(_ error: StreamError) {
        wearables.traceError(error, source: traceSource)
        errorListeners.emit(error)
    }

    private func transition(to next: StreamState) {
        guard next != state, Self.transitions[state]?.contains(next) == true else { return }
        let capability = cameraState
        state = next
        wearables.trace.record(source: traceSource, event: "state", values: ["state": .string(next.name)])
        stateListeners.emit(next)
        if cameraState != capability { cameraStateListeners.emit(cameraState) }
        if next == .stopped { selfWhileStarted = nil }
    }

    var traceSource: String { "camera\(session?.serial ?? 0)" }
}
