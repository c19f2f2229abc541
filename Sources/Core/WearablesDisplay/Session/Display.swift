import WearablesCore

/// DAT's `Display` (`MWDATDisplay`): the display capability of a session on Meta Ray-Ban
/// Display glasses. `start()` brings it up; `send` replaces what is shown (and which ids can be
/// tapped); `clear()` empties it; a video root plays with playback events. The session stopping
/// or the device ending it (link loss, fold, power) stops it for good.
public final class Display: SessionCapability {
    /// How long `start` waits for the glasses (DAT's DisplayAccess sample gives up after 10 s).
    public static let startTimeout: Double = 10
    /// How long a send or clear may take before it fails (ours).
    public static let sendTimeout: Double = 10

    public let session: DeviceSession
    public let device: DeviceIdentifier
    public private(set) var state: DisplayState = .stopped
    /// What the glasses show: the last tree sent, until a clear, a stop or a finished video.
    public private(set) var content: DisplayTree?
    /// Whether a video is playing (between its `started` and its end).
    public private(set) var isPlayingVideo = false
    /// The error that stopped the display, if one did.
    public private(set) var lastError: DisplayError?
    /// False once its session ended: a new session needs a new display.
    public private(set) var holdsCapability = true

    private let backend: DisplayBackend
    private var wearables: Wearables { session.owner }
    private let stateListeners: Broadcaster<DisplayState>
    private let tapListeners: Broadcaster<String>
    private let playbackListeners: Broadcaster<VideoPlaybackEvent>
    private var startWaiters: [(Result<Void, DisplayError>) -> Void] = []
    private var startTimer: TimerToken?
    /// Counts starts, so reports from an earlier start (before a stop) are dropped.
    private var generation = 0
    private var paused = false
    /// Video sends not answered yet, and the glasses' `alreadyPlaying` refusals heard meanwhile:
    /// a refused video leaves what is shown (and the playing video) as it was.
    private var videoSendsInFlight = 0
    private var refusalsHeard = 0
    /// What was shown before the last video sent, until it starts: a refusal heard after the
    /// send's answer (DAT orders the two as it likes) puts it back.
    private var beforeVideo: (content: DisplayTree?, playing: Bool)?

    init(session: DeviceSession, device: DeviceIdentifier, backend: DisplayBackend) {
        self.session = session
        self.device = device
        self.backend = backend
        let scheduler = session.owner.scheduler
        stateListeners = Broadcaster(scheduler: scheduler)
        tapListeners = Broadcaster(scheduler: scheduler)
        playbackListeners = Broadcaster(scheduler: scheduler)
    }

    // MARK: Listeners

    /// Fires at once with the current state, then on every change (DAT `statePublisher`).
    public func addStateListener(_ listener: @escaping (DisplayState) -> Void) -> ListenerToken {
        stateListeners.add(current: state, listener)
    }

    /// A component of the content shown was tapped: its id (explicit, or its path).
    public func addTapListener(_ listener: @escaping (String) -> Void) -> ListenerToken { tapListeners.add(listener) }

    /// DAT `onPlaybackEvent`, with any number of listeners.
    public func addPlaybackListener(_ listener: @escaping (VideoPlaybackEvent) -> Void) -> ListenerToken {
        playbackListeners.add(listener)
    }

    // MARK: Control

    /// DAT `start()`: `starting`, then `started` once the glasses answer; `completion` runs then,
    /// or with `deviceDisconnected` (its session ended) or `displayError` (no answer in time).
    public func start(completion: @escaping (Result<Void, DisplayError>) -> Void = { _ in }) {
        guard holdsCapability else { return finish(completion, .failure(.deviceDisconnected)) }
        switch state {
        case .started: return finish(completion, .success(()))
        case .starting: startWaiters.append(completion); return
        case .stopping, .stopped: break
        }
        generation += 1
        let current = generation
        startWaiters.append(completion)
        transition(to: .starting)
        startTimer = wearables.scheduler.schedule(after: Self.startTimeout) { [weak self] in
            self?.failStart(.displayError("the display did not start within \(Int(Self.startTimeout)) s"), generation: current)
        }
        backend.startDisplay(on: device, events: { [weak self] event in
            guard let self, self.generation == current else { return }
            self.handle(event)
        }, completion: { [weak self] result in
            guard let self, self.generation == current, self.state == .starting else { return }
            switch result {
            case .success:
                self.startTimer?.cancel()
                self.transition(to: .started)
                self.completeStart(.success(()))
            case .failure(let error): self.failStart(error, generation: current)
            }
        })
    }

    /// DAT `stop()`: `stopping`, then `stopped`; what is shown goes. A stopped display can start again.
    public func stop(completion: @escaping () -> Void = {}) {
        switch state {
        case .stopped, .stopping: return finish(completion, ())
        case .starting, .started: break
        }
        generation += 1
        let current = generation
        startTimer?.cancel()
        completeStart(.failure(.displayError("the display was stopped before it started")))
        transition(to: .stopping)
        backend.stopDisplay(on: device) { [weak self] in
            guard let self, self.generation == current, self.state == .stopping else { return completion() }
            self.dropContent()
            self.transition(to: .stopped)
            completion()
        }
    }

    /// DAT `send(_:)`: replaces the content and its tap handlers with `tree` (one root: a
    /// flexbox or a video). Fails with `displayError` when the display is not started.
    public func send(_ tree: DisplayTree, completion: @escaping (Result<Void, DisplayError>) -> Void) {
        guard state == .started else { return fail(completion, .notStarted(state)) }
        let current = generation
        let isVideo: Bool
        if case .videoPlayer = tree.root.component { isVideo = true } else { isVideo = false }
        if isVideo { videoSendsInFlight += 1 }
        let timer = TimedCompletion(completion, scheduler: wearables.scheduler, after: Self.sendTimeout,
                                    timeout: .displayError("the glasses did not take the content within \(Int(Self.sendTimeout)) s"))
        backend.sendDisplay(tree, on: device) { [weak self] result in
            guard let self else { return }
            // Each video's answer takes one refusal heard before it (the simulator and a served world
            // report it first); none left unclaimed once no video send is out.
            let refused = isVideo && self.refusalsHeard > 0
            if isVideo {
                self.videoSendsInFlight -= 1
                if refused { self.refusalsHeard -= 1 }
                if self.videoSendsInFlight == 0 { self.refusalsHeard = 0 }
            }
            guard self.generation == current, self.state == .started else { return timer.finish(.failure(.deviceDisconnected)) }
            if case .success = result {
                if !refused {  // refused (`alreadyPlaying`): the first video plays on, still shown
                    self.beforeVideo = isVideo ? (self.content, self.isPlayingVideo) : nil
                    self.content = tree
                    self.isPlayingVideo = false
                    self.wearables.trace.record(source: self.traceSource, event: "display",
                                                values: ["sent": .int(tree.ids.count), "root": .string(tree.root.component.typeName)])
                }
            } else if case .failure(let error) = result {
                self.session.traceCapabilityError(error, source: self.traceSource)
            }
            timer.finish(result)
        }
    }

    /// DAT `clearDisplay()`: removes what is shown without stopping the display.
    public func clear(completion: @escaping (Result<Void, DisplayError>) -> Void) {
        guard state == .started else { return fail(completion, .notStarted(state)) }
        let current = generation
        let timer = TimedCompletion(completion, scheduler: wearables.scheduler, after: Self.sendTimeout,
                                    timeout: .displayError("the glasses did not clear within \(Int(Self.sendTimeout)) s"))
        backend.clearDisplay(on: device) { [weak self] result in
            guard let self else { return }
            guard self.generation == current, self.state == .started else { return timer.finish(.failure(.deviceDisconnected)) }
            if case .success = result {
                self.dropContent()
                self.wearables.trace.record(source: self.traceSource, event: "display", values: ["cleared": .bool(true)])
            }
            timer.finish(result)
        }
    }

    /// DAT `sendVideoStop()`: ends a playing video early; nothing when none plays.
    public func stopVideo() {
        guard state == .started else { return }
        backend.stopDisplayVideo(on: device)
    }

    // MARK: Session

    public func sessionPaused() { paused = true }
    public func sessionResumed() { paused = false }

    /// The session stopped or the device ended it: the display stops, for good.
    public func sessionEnding() {
        guard holdsCapability else { return }
        holdsCapability = false
        generation += 1
        startTimer?.cancel()
        let wasUp = state != .stopped
        if wasUp { lastError = .deviceDisconnected }
        completeStart(.failure(.deviceDisconnected))
        if wasUp { backend.stopDisplay(on: device) {} }
        dropContent()
        transition(to: .stopped)
    }

    // MARK: Internals

    private func handle(_ event: DisplayBackendEvent) {
        switch event {
        case .tap(let id):
            guard state == .started, !paused, content?.ids.contains(id) == true else { return }
            wearables.trace.record(source: traceSource, event: "tap", values: ["id": .string(id)])
            tapListeners.emit(id)
        case .playback(let playback):
            guard state == .started else { return }
            switch playback.type {
            case .started:
                isPlayingVideo = true
                beforeVideo = nil
            case .error where playback.errorType == .alreadyPlaying:
                // The first video plays on: the refused send changes nothing shown.
                if videoSendsInFlight > 0 {
                    refusalsHeard += 1
                } else if let before = beforeVideo {
                    content = before.content
                    isPlayingVideo = before.playing
                    beforeVideo = nil
                }
            case .ended, .stopped, .error: dropContent()  // a finished video leaves the lens empty
            case .unknown: break
            }
            wearables.trace.record(source: traceSource, event: "video", values: ["type": .string(playback.type.name)])
            playbackListeners.emit(playback)
        case .stopped:
            guard state == .started || state == .starting else { return }
            generation += 1
            startTimer?.cancel()
            completeStart(.failure(.displayError("the glasses took the display down")))
            dropContent()
            transition(to: .stopped)
        }
    }

    private func dropContent() {
        content = nil
        isPlayingVideo = false
        beforeVideo = nil
    }

    private func failStart(_ error: DisplayError, generation current: Int) {
        guard generation == current, state == .starting else { return }
        generation += 1
        lastError = error
        session.traceCapabilityError(error, source: traceSource)
        completeStart(.failure(error))
        backend.stopDisplay(on: device) {}
        transition(to: .stopped)
    }

    private func completeStart(_ result: Result<Void, DisplayError>) {
        let waiters = startWaiters
        startWaiters.removeAll()
        for waiter in waiters { finish(waiter, result) }
    }

    private func fail(_ completion: @escaping (Result<Void, DisplayError>) -> Void, _ error: DisplayError) {
        session.traceCapabilityError(error, source: traceSource)
        finish(completion, .failure(error))
    }

    private func finish<T>(_ completion: @escaping (T) -> Void, _ value: T) {
        wearables.scheduler.schedule(after: 0) { completion(value) }
    }

    private func transition(to next: DisplayState) {
        guard next != state else { return }
        state = next
        wearables.trace.record(source: traceSource, event: "display_state", values: ["state": .string(next.name)])
        stateListeners.emit(next)
    }

    /// The session's trace source with `.display`: one live display per session.
    var traceSource: String { "session\(session.serial).display" }
}

/// A completion that runs once: with the answer, or with `timeout` after `after` seconds.
private final class TimedCompletion {
    private var completion: ((Result<Void, DisplayError>) -> Void)?
    private var timer: TimerToken?

    init(_ completion: @escaping (Result<Void, DisplayError>) -> Void, scheduler: Scheduler, after: Double, timeout: DisplayError) {
        self.completion = completion
        timer = scheduler.schedule(after: after) { [weak self] in self?.finish(.failure(timeout)) }
    }

    func finish(_ result: Result<Void, DisplayError>) {
        timer?.cancel()
        timer = nil
        let completion = self.completion
        self.completion = nil
        completion?(result)
    }
}
