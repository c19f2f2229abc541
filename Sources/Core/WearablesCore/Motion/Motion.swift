/// DAT 1.0 `Motion` (`MWDATMotion`, experimental): added to a started session it is
/// `stopped`; `start()` streams samples at the configured rate until `stop()`; removal is
/// terminal. The newest ``bufferLimit`` samples wait for a reader.
///
/// Samples are computed when read, never pushed: a Motion nobody listens to schedules
/// nothing, so a day at 60 Hz costs a run nothing (scripts/bench measures it). Listeners
/// (`addSampleListener`, `addArrivalListener`) make it tick once per period while they live.
public final class Motion {
    /// DAT keeps the newest 256 samples.
    public static let bufferLimit = 256
    /// *(ours)* From `starting` to `started`, and from `stopping` to `stopped`.
    public static let startDelay: Double = 0.2
    public static let stopDelay: Double = 0.05
    /// *(ours)* A start the glasses never answer (a bridge whose DAT call never returns) fails
    /// with `deviceDisconnected` after this long, so no script waits forever.
    public static let answerTimeout: Double = 10

    public let configuration: MotionConfiguration
    public private(set) var state: MotionState = .stopped
    public private(set) var lastError: MotionError?
    public private(set) var isRemoved = false
    /// Samples the buffer dropped because the reader fell more than 256 behind.
    public private(set) var droppedCount = 0
    public private(set) weak var session: DeviceSession?

    private let scheduler: Scheduler
    private let trace: EventTrace
    private let traceSource: String
    private let feed: MotionFeedSource?
    private let hertz: Double
    /// Where sample numbering restarted (a start or a resume): the first index after it and when.
    private var segments: [(index: Int, time: Double)] = []
    /// Samples produced before the running segment; the running segment's start, nil when not producing.
    private var produced = 0
    private var runningSince: Double?
    /// The last sample `next()` returned, by index (0: none).
    private var taken = 0
    private var delivered = 0
    private let stateListeners: Broadcaster<MotionState>
    private let errorListeners: Broadcaster<MotionError>
    private var sampleListeners: [Int: (MotionSample) -> Void] = [:]
    private var arrivalListeners: [Int: () -> Void] = [:]
    private var nextListenerID = 0
    private var tick: TimerToken?
    private var transitionTimer: TimerToken?
    private var startWaiters: [(Result<Void, MotionError>) -> Void] = []
    private var paused = false
    /// The backend was asked to have the glasses stream (``WearablesBackend/watchMotion(on:rate:started:failed:)``).
    private var watching = false
    /// Which start is running (a late answer to an earlier one is not this one's), and what it
    /// still waits for: the model's delay and the glasses' answer.
    private var startGeneration = 0
    private var startAwaits: Set<StartStep> = []
    private enum StartStep { case delay, glasses }
    private var answerTimer: TimerToken?

    init(session: DeviceSession, configuration: MotionConfiguration, feed: MotionFeedSource?) {
        self.session = session
        self.configuration = configuration
        self.feed = feed
        hertz = Double(configuration.samplingRate.hertz)
        scheduler = session.wearables.scheduler
        trace = session.wearables.trace
        traceSource = session.traceSource + ".motion"
        stateListeners = Broadcaster(scheduler: scheduler)
        errorListeners = Broadcaster(scheduler: scheduler)
    }

    // MARK: Listeners

    public func addStateListener(_ listener: @escaping (MotionState) -> Void) -> ListenerToken { stateListeners.add(current: state, listener) }
    public func addErrorListener(_ listener: @escaping (MotionError) -> Void) -> ListenerToken { errorListeners.add(listener) }

    /// Every sample as it is produced, while the listener lives.
    public func addSampleListener(_ listener: @escaping (MotionSample) -> Void) -> ListenerToken {
        addListener { [unowned self] id in sampleListeners[id] = listener } remove: { [unowned self] id in sampleListeners[id] = nil }
    }

    /// Told when a sample is produced (for a reader waiting in `next`) or the capability stops.
    public func addArrivalListener(_ listener: @escaping () -> Void) -> ListenerToken {
        addListener { [unowned self] id in arrivalListeners[id] = listener } remove: { [unowned self] id in arrivalListeners[id] = nil }
    }

    private func addListener(_ add: (Int) -> Void, remove: @escaping (Int) -> Void) -> ListenerToken {
        let id = nextListenerID
        nextListenerID += 1
        add(id)
        armTick()
        return ListenerToken { [weak self] in
            remove(id)
            self?.armTick()
        }
    }

    // MARK: Control

    /// DAT `start()`: `starting`, then `started`; `completion` when started or failed
    /// (`sensorUnavailable` on glasses without an IMU, `capabilityClosed` once removed).
    public func start(completion: @escaping (Result<Void, MotionError>) -> Void) {
        if isRemoved { return scheduler.schedule(after: 0) { completion(.failure(.capabilityClosed)) }.discard() }
        guard feed != nil else {
            report(.sensorUnavailable)
            return scheduler.schedule(after: 0) { completion(.failure(.sensorUnavailable)) }.discard()
        }
        switch state {
        case .started: return scheduler.schedule(after: 0) { completion(.success(())) }.discard()
        case .starting: startWaiters.append(completion); return
        case .stopped, .stopping: break
        }
        startWaiters.append(completion)
        transitionTimer?.cancel()
        startGeneration += 1
        let generation = startGeneration
        startAwaits = [.delay, .glasses]
        watch(true) { [weak self] in self?.started(.glasses, of: generation) }
        transition(to: .starting)
        transitionTimer = scheduler.schedule(after: Self.startDelay) { [weak self] in self?.started(.delay, of: generation) }
        answerTimer = scheduler.schedule(after: Self.answerTimeout) { [weak self] in
            guard let self, generation == self.startGeneration else { return }
            self.glassesFailed(.deviceDisconnected)
        }
    }

    /// `started` once the delay has passed and the glasses have answered (over a connection,
    /// `watch_motion`'s reply), unless the start ended first.
    private func started(_ step: StartStep, of generation: Int) {
        guard generation == startGeneration else { return }
        startAwaits.remove(step)
        guard startAwaits.isEmpty, state == .starting else { return }
        answerTimer?.cancel()
        transition(to: .started)
        resumeProducing()
        finishStart(.success(()))
    }

    /// DAT `stop()`: pauses; `start()` may follow.
    public func stop() {
        guard state == .started || state == .starting else { return }
        finishStart(.failure(.capabilityClosed))
        transitionTimer?.cancel()
        answerTimer?.cancel()
        watch(false)
        stopProducing()
        transition(to: .stopping)
        transitionTimer = scheduler.schedule(after: Self.stopDelay) { [weak self] in self?.transition(to: .stopped) }
    }

    /// The oldest buffered sample not read yet (DAT's `samples` stream, read once).
    public func next() -> MotionSample? {
        let latest = latestIndex
        guard latest > taken else { return nil }
        let oldest = max(taken + 1, latest - Self.bufferLimit + 1)
        droppedCount += oldest - (taken + 1)
        taken = oldest
        return sample(oldest)
    }

    // MARK: Session

    func sessionPaused(_ isPaused: Bool) {
        paused = isPaused
        if isPaused { stopProducing() } else if state == .started { resumeProducing() }
    }

    /// The session ended: `deviceDisconnected` when the glasses went, else the capability closes quietly.
    func sessionEnding(linkLost: Bool) {
        if linkLost, state != .stopped { report(.deviceDisconnected) }
        finishStart(.failure(linkLost ? .deviceDisconnected : .capabilityClosed))
        transitionTimer?.cancel()
        answerTimer?.cancel()
        watch(false)
        stopProducing()
        transition(to: .stopped)
        isRemoved = true
        notifyArrivals()
    }

    func remove() {
        guard !isRemoved else { return }
        stop()
        isRemoved = true
        notifyArrivals()
    }

    // MARK: The glasses

    /// Tells the backend the glasses' IMU is wanted (or no longer), once per change; `started`
    /// when the glasses stream (at once when there was nothing to ask).
    private func watch(_ wanted: Bool, started: @escaping () -> Void = {}) {
        guard wanted != watching, let session, let device = session.deviceIdentifier else { return started() }
        watching = wanted
        session.wearables.backend.watchMotion(on: device, rate: wanted ? configuration.samplingRate : nil, started: started) { [weak self] error in
            self?.glassesFailed(error)
        }
    }

    /// The glasses' own Motion failed (no sensors, the link lost): it stops, as DAT's does.
    private func glassesFailed(_ error: MotionError) {
        guard watching, !isRemoved, state == .starting || state == .started else { return }
        watching = false
        report(error)
        finishStart(.failure(error))
        transitionTimer?.cancel()
        answerTimer?.cancel()
        stopProducing()
        transition(to: .stopped)
    }

    // MARK: Samples

    /// How many samples exist so far (numbered from 1).
    private var latestIndex: Int {
        guard let since = runningSince else { return produced }
        // Saturating: a script can move the clock as far as it likes (after(1e18, fn)).
        let running = Int(Int64(saturating: ((scheduler.now - since) * hertz + 1e-9).rounded(.down)))
        return running > Int.max - produced ? Int.max : produced + running
    }

    private func time(of index: Int) -> Double {
        let segment = segments.last { $0.index <= index } ?? (index: 1, time: scheduler.now)
        return segment.time + Double(index - segment.index) / hertz
    }

    private func sample(_ index: Int) -> MotionSample {
        let at = time(of: index)
        var sample = feed?.sample(at: at) ?? MotionSample(timestampNs: 0)
        sample.timestampNs = Int64(saturating: at * 1e9)
        return sample
    }

    private func resumeProducing() {
        guard runningSince == nil, !paused else { return }
        runningSince = scheduler.now
        // The first sample comes one period after the start.
        segments.append((index: produced + 1, time: scheduler.now + 1 / hertz))
        if segments.count > Self.bufferLimit { segments.removeFirst(segments.count - Self.bufferLimit) }
        armTick()
    }

    private func stopProducing() {
        produced = latestIndex
        runningSince = nil
        tick?.cancel()
        tick = nil
    }

    /// Ticks once per period while someone listens and samples are produced.
    private func armTick() {
        let wanted = runningSince != nil && (!sampleListeners.isEmpty || !arrivalListeners.isEmpty)
        if !wanted {
            tick?.cancel()
            tick = nil
            return
        }
        guard tick == nil else { return }
        delivered = max(delivered, latestIndex)
        scheduleTick()
    }

    private func scheduleTick() {
        let due = max(0, time(of: delivered + 1) - scheduler.now)
        tick = scheduler.schedule(after: due) { [weak self] in
            guard let self else { return }
            self.tick = nil
            let latest = self.latestIndex
            while self.delivered < latest {
                self.delivered += 1
                let sample = self.sample(self.delivered)
                for id in self.sampleListeners.keys.sorted() { self.sampleListeners[id]?(sample) }
            }
            self.notifyArrivals()
            self.armTick()
        }
    }

    private func notifyArrivals() {
        for id in arrivalListeners.keys.sorted() { arrivalListeners[id]?() }
    }

    private func finishStart(_ result: Result<Void, MotionError>) {
        let waiters = startWaiters
        startWaiters = []
        for waiter in waiters { scheduler.schedule(after: 0) { waiter(result) }.discard() }
    }

    private func report(_ error: MotionError) {
        lastError = error
        trace.record(source: traceSource, event: "error", values: ["code": .string(error.code)])
        errorListeners.emit(error)
    }

    private func transition(to next: MotionState) {
        guard next != state else { return }
        state = next
        trace.record(source: traceSource, event: "state", values: ["state": .string(next.name)])
        stateListeners.emit(next)
        if next == .stopped || next == .stopping { notifyArrivals() }
    }
}

extension TimerToken {
    /// Drops a token whose timer is never cancelled.
    func discard() {}
}
