/// Sustained access to one device (DAT 1.0 `DeviceSession`). The device decides pauses
/// and ends; the app starts and stops. `stopped` is terminal: create a new session.
public final class DeviceSession {
    /// How long `start` waits for the device before failing with `unexpectedError`
    /// (a backend that never answers; stuck glasses refuse within a second).
    public static let startTimeout: Double = 10
    /// How long `stopping` lasts.
    public static let stopDuration: Double = 0.1

    /// Which transitions the model makes; anything else is a bug in the model.
    public static let transitions: [SessionState: Set<SessionState>] = [
        .idle: [.starting, .stopped],
        .starting: [.started, .stopping, .stopped],
        .started: [.paused, .stopping, .stopped],
        .paused: [.started, .stopping, .stopped],
        .stopping: [.stopped],
        .stopped: [],
    ]

    public let selector: DeviceSelector
    public private(set) var state: SessionState = .idle
    /// The device this session was created on (DAT binds it at `createSession`); nil for an
    /// implicit stream's session, which takes the selector's device when it starts.
    public let boundDevice: DeviceIdentifier?
    /// The device this session runs on, fixed when it starts.
    public private(set) var deviceIdentifier: DeviceIdentifier?
    public private(set) var lastError: DeviceSessionError?
    /// The camera added to this session, if any. Weak: the camera owns its session,
    /// not the other way round, so dropping the camera frees both.
    public private(set) weak var camera: CameraStream?
    /// The Inputs capability added to this session, if any (DAT 1.0 `addInputs`); see DeviceSession+Inputs.
    public internal(set) var inputs: Inputs?
    /// The Motion capability added to this session, if any (DAT 1.0 `addMotion`).
    public internal(set) var motion: Motion?
    /// The Speech capability added to this session, if any (DAT 1.0 `addSpeech`).
    public internal(set) var speech: Speech?

    unowned let wearables: Wearables
    /// Capabilities that modules over the core add (Display): told when the session pauses, resumes and ends.
    /// In the order added, so they hear the session's changes in a deterministic order.
    var attached: [AttachedCapability] = []
    private let stateListeners: Broadcaster<SessionState>
    private let errorListeners: Broadcaster<DeviceSessionError>
    private var startWaiters: [(Result<Void, DeviceSessionError>) -> Void] = []
    private var startTimeoutToken: TimerToken?
    /// Identifies this session in the trace.
    public let serial: Int

    init(wearables: Wearables, selector: DeviceSelector, device: DeviceIdentifier?) {
        self.wearables = wearables
        self.selector = selector
        boundDevice = device
        serial = DeviceSession.nextSerialNumber(for: wearables)
        stateListeners = Broadcaster(scheduler: wearables.scheduler)
        errorListeners = Broadcaster(scheduler: wearables.scheduler)
    }

    public var device: Device? { deviceIdentifier.flatMap(wearables.deviceForIdentifier) }

    // MARK: Listeners

    /// Fires at once with the current state, then on every transition.
    public func addStateListener(_ listener: @escaping (SessionState) -> Void) -> ListenerToken {
        stateListeners.add(current: state, listener)
    }

    public func addErrorListener(_ listener: @escaping (DeviceSessionError) -> Void) -> ListenerToken {
        errorListeners.add(listener)
    }

    public func stateStream() -> AsyncStream<SessionState> { stateListeners.stream(current: state) }

    // MARK: Control

    /// Starts the session on the device it was created on (an implicit stream's: the
    /// selector's now); `completion` runs when it reaches `started` or fails. Throws
    /// `sessionAlreadyStopped` on a stopped session.
    /// Fails with `noEligibleDevice` (that device is not connected now; the session stays idle),
    /// `sessionAlreadyExists` (the device has another live session), or
    /// `unexpectedError` (the device never answered).
    public func start(completion: @escaping (Result<Void, DeviceSessionError>) -> Void = { _ in }) throws {
        switch state {
        case .stopped, .stopping:
            throw DeviceSessionError.sessionAlreadyStopped
        case .started, .paused:
            wearables.finish(completion, .success(()))
            return
        case .starting:
            startWaiters.append(completion)
            return
        case .idle:
            break
        }
        guard let identifier = boundDevice ?? selector.activeDevice,
              let device = wearables.deviceForIdentifier(identifier), device.isConnected else {
            reportError(.noEligibleDevice)
            wearables.finish(completion, .failure(.noEligibleDevice))
            return
        }
        guard wearables.claim(identifier, for: self) else {
            reportError(.sessionAlreadyExists)
            wearables.finish(completion, .failure(.sessionAlreadyExists))
            return
        }
        deviceIdentifier = identifier
        startWaiters.append(completion)
        transition(to: .starting)
        startTimeoutToken = wearables.scheduler.schedule(after: Self.startTimeout) { [weak self] in
            self?.failStart(.unexpectedError)
        }
        wearables.backend.openSession(on: identifier) { [weak self] result in
            guard let self, self.state == .starting else { return }
            self.startTimeoutToken?.cancel()
            switch result {
            case .success: self.transition(to: .started); self.completeStart(.success(()))
            case .failure(let error): self.failStart(error)
            }
        }
    }

    /// Stops the session and its camera. Stopping a stopped session does nothing.
    public func stop() {
        switch state {
        case .stopped, .stopping:
            return
        case .idle:
            transition(to: .stopped)
            return
        case .starting, .started, .paused:
            break
        }
        camera?.sessionEnding(error: nil)
        capabilitiesEnding(linkLost: false)
        endAttachedCapabilities()
        transition(to: .stopping)
        completeStart(.failure(.sessionAlreadyStopped))
        wearables.scheduler.schedule(after: Self.stopDuration) { [weak self] in self?.finishStopping() }
    }

    /// Adds a camera to this started session (DAT `addCamera`/`addStream`).
    public func addCamera(_ configuration: StreamConfiguration) throws -> CameraStream {
        switch state {
        case .idle, .starting: throw DeviceSessionError.sessionIdle
        case .stopping, .stopped: throw DeviceSessionError.sessionAlreadyStopped
        case .started, .paused: break
        }
        // One camera per session: a camera holds the capability from `addCamera` until it is
        // removed (DAT 1.0: `Camera.stop()` detaches it; a stopped stream does not free the slot).
        if let camera, camera.holdsCapability { throw DeviceSessionError.capabilityAlreadyActive }
        let stream = CameraStream(session: self, configuration: configuration)
        camera = stream
        return stream
    }

    /// Removes this session's camera capability (DAT 1.0 `Camera.stop()`, which detaches
    /// it; before 0.9 `removeStream`/`removeCapability`): the stream stops and the slot
    /// is free for a new `addCamera`. Throws `capabilityNotFound` when the session holds
    /// no camera (none added, or removed already).
    @discardableResult
    public func removeCamera() throws -> CameraStream {
        switch state {
        case .idle, .starting: throw DeviceSessionError.sessionIdle
        case .stopping, .stopped: throw DeviceSessionError.sessionAlreadyStopped
        case .started, .paused: break
        }
        guard let removed = camera, removed.holdsCapability, !removed.isRemoved else { throw DeviceSessionError.capabilityNotFound }
        camera = nil
        removed.remove()
        return removed
    }

    /// Attaches the camera of an implicit (StreamSession-style) session.
    func adopt(_ stream: CameraStream) { camera = stream }

    // MARK: Device reports

    func handle(_ interruption: SessionInterruption) {
        switch interruption {
        case .paused:
            guard state == .started else { return }
            transition(to: .paused)
            camera?.sessionPaused()
            capabilitiesPaused(true)
            forEachAttached { $0.sessionPaused() }
        case .resumed:
            guard state == .paused else { return }
            transition(to: .started)
            camera?.sessionResumed()
            capabilitiesPaused(false)
            forEachAttached { $0.sessionResumed() }
        case .streamEnded(let error):
            camera?.fail(with: error)
        case .warning(let error):
            guard state == .started || state == .paused else { return }
            reportError(error)
        case .ended(let sessionError, let streamError):
            guard state != .stopped, state != .idle else { return }
            startTimeoutToken?.cancel()
            if let sessionError { reportError(sessionError) }
            camera?.sessionEnding(error: streamError)
            capabilitiesEnding(linkLost: streamError?.isLinkLoss ?? false)
            endAttachedCapabilities()
            completeStart(.failure(sessionError ?? .unexpectedError))
            transition(to: .stopped)
            releaseDevice(closing: false)
        }
    }

    // MARK: Internals

    private func failStart(_ error: DeviceSessionError) {
        guard state == .starting else { return }
        reportError(error)
        // A start the device ends ("Session ended by device", "Device unavailable") goes
        // through `stopping` (ios#231, #292), and the start fails once it is `stopped`, when
        // the device is free for the next one; a refusal the device answers with a cause
        // (health) stops at once.
        if error == .unexpectedError {
            startTimeoutToken?.cancel()
            transition(to: .stopping)
            wearables.scheduler.schedule(after: Self.stopDuration) { [weak self] in
                // The waiters run once the session is `stopped` (before `finishStopping` lets the last reference go).
                self?.finishStopping { $0.completeStart(.failure(error)) }
            }
            return
        }
        completeStart(.failure(error))
        transition(to: .stopped)
        releaseDevice(closing: true)
    }

    /// The device's side closes first, so whoever `stopped` resumes sees what the close
    /// did (an "Allow once" grant lapsed): embedded that is at once; over a connection it is
    /// the served world's reply. A device that never answers (a recording without the
    /// close) leaves the session `stopped` after ``closeAnswerTimeout`` all the same.
    private func finishStopping(whenStopped: @escaping (DeviceSession) -> Void = { _ in }) {
        guard let identifier = deviceIdentifier else {
            transition(to: .stopped)
            return whenStopped(self)
        }
        var closed = false
        var timeout: TimerToken?
        let close = { [weak self] in
            guard let self, !closed else { return }
            closed = true
            timeout?.cancel()
            self.transition(to: .stopped)
            whenStopped(self)
            self.wearables.release(identifier, from: self)
        }
        wearables.backend.closeSession(on: identifier, completion: close)
        if !closed { timeout = wearables.scheduler.schedule(after: Self.closeAnswerTimeout, close) }
    }

    /// How long a stopping session waits for the device to acknowledge its close.
    public static let closeAnswerTimeout: Double = 2

    private func releaseDevice(closing: Bool) {
        guard let identifier = deviceIdentifier else { return }
        if closing { wearables.backend.closeSession(on: identifier) {} }
        wearables.release(identifier, from: self)
    }

    private func completeStart(_ result: Result<Void, DeviceSessionError>) {
        let waiters = startWaiters
        startWaiters.removeAll()
        for waiter in waiters { wearables.finish(waiter, result) }
    }

    private func reportError(_ error: DeviceSessionError) {
        lastError = error
        wearables.traceError(error, source: traceSource)
        errorListeners.emit(error)
    }

    private func transition(to next: SessionState) {
        guard next != state, DeviceSession.transitions[state]?.contains(next) == true else { return }
        state = next
        wearables.trace.record(source: traceSource, event: "state",
                               values: ["state": .string(next.name), "device": deviceIdentifier.map(TraceValue.string) ?? .null])
        stateListeners.emit(next)
    }

    var traceSource: String { "session\(serial)" }

    private static func nextSerialNumber(for wearables: Wearables) -> Int {
        wearables.sessionCount += 1
        return wearables.sessionCount
    }
}
