/// DAT 1.0 `Speech` (`MWDATSpeech`, experimental): on-device transcription on the glasses.
/// Added to a started session (`addSpeech()`), started with `start()` (needs the
/// `microphone` permission), stopped with `stop()` (restartable); removal is terminal.
public final class Speech {
    /// *(ours)* From `starting` to `started`.
    public static let startDelay: Double = 0.3
    /// *(ours)* A start the glasses never answer (a bridge whose DAT call never returns) fails
    /// with `startFailed` after this long, so no script waits forever.
    public static let startTimeout: Double = 10

    public private(set) var state: SpeechState = .stopped
    public private(set) var locale: String?
    public private(set) var lastError: SpeechError?
    public private(set) var isRemoved = false
    public private(set) weak var session: DeviceSession?
    private let identifier: DeviceIdentifier
    private unowned let wearables: Wearables
    private let traceSource: String
    private let stateListeners: Broadcaster<SpeechState>
    private let errorListeners: Broadcaster<SpeechError>
    private let transcriptionListeners: Broadcaster<TranscriptionResult>
    private let localeListeners: Broadcaster<String>
    private let arrivals: Broadcaster<Void>
    private var unread: [TranscriptionResult] = []
    private var startTimer: TimerToken?
    private var startTimeoutTimer: TimerToken?
    /// Which start is running (a late answer to an earlier one is not this one's), and what it
    /// still waits for: the model's delay and the glasses' answer.
    private var startGeneration = 0
    private var startAwaits: Set<StartStep> = []
    private enum StartStep { case delay, glasses }
    /// The `start()` waiting for `started`; a stop while starting (an error, a completion, the
    /// session's end) fails it with the error that stopped it, so no start waits forever.
    private var startWaiter: ((Result<Void, SpeechError>) -> Void)?

    init(session: DeviceSession, identifier: DeviceIdentifier) {
        self.session = session
        self.identifier = identifier
        wearables = session.wearables
        traceSource = session.traceSource + ".speech"
        let scheduler = session.wearables.scheduler
        stateListeners = Broadcaster(scheduler: scheduler)
        errorListeners = Broadcaster(scheduler: scheduler)
        transcriptionListeners = Broadcaster(scheduler: scheduler)
        localeListeners = Broadcaster(scheduler: scheduler)
        arrivals = Broadcaster(scheduler: scheduler)
    }

    public func addStateListener(_ l: @escaping (SpeechState) -> Void) -> ListenerToken { stateListeners.add(current: state, l) }
    public func addErrorListener(_ l: @escaping (SpeechError) -> Void) -> ListenerToken { errorListeners.add(l) }
    public func addTranscriptionListener(_ l: @escaping (TranscriptionResult) -> Void) -> ListenerToken { transcriptionListeners.add(l) }
    public func addLocaleListener(_ l: @escaping (String) -> Void) -> ListenerToken { localeListeners.add(l) }
    public func addArrivalListener(_ l: @escaping () -> Void) -> ListenerToken { arrivals.add { l() } }

    /// The oldest transcription not read yet (the newest 64 are kept *(ours)*).
    public func next() -> TranscriptionResult? { unread.isEmpty ? nil : unread.removeFirst() }

    /// DAT `start()`: `alreadyListening` when started, `invalidState` once removed, `startFailed`
    /// without the microphone permission *(ours)*, `unavailable` on glasses without speech.
    public func start(completion: @escaping (Result<Void, SpeechError>) -> Void) {
        let fail = { [self] (error: SpeechError) in
            report(error)
            wearables.finish(completion, .failure(error))
        }
        if isRemoved { return fail(.invalidState) }
        guard state == .stopped else { return fail(.alreadyListening) }
        guard wearables.checkPermissionStatus(.microphone) == .granted else { return fail(.startFailed) }
        startGeneration += 1
        let generation = startGeneration
        startAwaits = [.delay, .glasses]
        guard wearables.backend.listenForSpeech(true, on: identifier, settled: { [weak self] in self?.started(.glasses, of: generation) })
        else { return fail(.unavailable) }
        transition(to: .starting)
        startWaiter = completion
        startTimer = wearables.scheduler.schedule(after: Self.startDelay) { [weak self] in self?.started(.delay, of: generation) }
        startTimeoutTimer = wearables.scheduler.schedule(after: Self.startTimeout) { [weak self] in
            guard let self, generation == self.startGeneration, self.state == .starting else { return }
            self.report(.startFailed)
            self.halt(because: .startFailed)
        }
    }

    /// `started` once the delay has passed and the glasses have answered, unless the start ended first.
    private func started(_ step: StartStep, of generation: Int) {
        guard generation == startGeneration else { return }
        startAwaits.remove(step)
        guard startAwaits.isEmpty, state == .starting, let waiter = startWaiter else { return }
        startWaiter = nil
        startTimeoutTimer?.cancel()
        transition(to: .started)
        wearables.finish(waiter, .success(()))
    }

    /// DAT `stop()`: keeps Speech attached and restartable.
    public func stop() { halt(because: nil) }

    /// Stops listening; a start still waiting fails with `error` (`invalidState` when nothing failed).
    private func halt(because error: SpeechError?) {
        guard state == .started || state == .starting else { return }
        startTimer?.cancel()
        startTimeoutTimer?.cancel()
        if let waiter = startWaiter {
            startWaiter = nil
            wearables.finish(waiter, .failure(error ?? .invalidState))
        }
        wearables.backend.listenForSpeech(false, on: identifier)
        transition(to: .stopping)
        transition(to: .stopped)
    }

    func remove() {
        stop()
        isRemoved = true
        arrivals.emit(())
    }

    func sessionEnding(linkLost: Bool) {
        if linkLost, state != .stopped { report(.deviceDisconnected) }
        halt(because: linkLost ? .deviceDisconnected : nil)
        isRemoved = true
        arrivals.emit(())
    }

    func handle(_ report: CapabilityReport) {
        switch report {
        case .transcription(let result):
            guard state == .started else { return }
            unread.append(result)
            if unread.count > 64 { unread.removeFirst() }
            wearables.trace.record(source: traceSource, event: "transcription", values: [
                "text": .string(String(result.text.prefix(200))), "final": .string(result.isFinal ? "true" : "false"),
            ])
            transcriptionListeners.emit(result)
            arrivals.emit(())
        case .speechFailed(let error):
            guard state != .stopped else { return }
            self.report(error)
            halt(because: error)
            arrivals.emit(())
        case .speechComplete:
            stop()
            arrivals.emit(())
        case .speechLocale(let value):
            locale = value
            localeListeners.emit(value)
        default:
            break
        }
    }

    private func report(_ error: SpeechError) {
        lastError = error
        wearables.trace.record(source: traceSource, event: "error", values: ["code": .string(error.code)])
        errorListeners.emit(error)
    }

    private func transition(to next: SpeechState) {
        guard next != state else { return }
        state = next
        wearables.trace.record(source: traceSource, event: "state", values: ["state": .string(next.name)])
        stateListeners.emit(next)
    }
}

extension DeviceSession {
    /// DAT `addSpeech()`: `sessionIdle` before started *(ours)*, `capabilityAlreadyActive` twice.
    public func addSpeech() throws -> Speech {
        switch state {
        case .idle, .starting: throw DeviceSessionError.sessionIdle
        case .stopping, .stopped: throw DeviceSessionError.sessionAlreadyStopped
        case .started, .paused: break
        }
        if speech != nil { throw DeviceSessionError.capabilityAlreadyActive }
        guard let identifier = deviceIdentifier else { throw DeviceSessionError.sessionIdle }
        let added = Speech(session: self, identifier: identifier)
        speech = added
        return added
    }

    /// DAT `removeSpeech()`: terminal for it; `capabilityNotFound` when there is none.
    @discardableResult
    public func removeSpeech() throws -> Speech {
        guard let removed = speech else { throw DeviceSessionError.capabilityNotFound }
        speech = nil
        removed.remove()
        return removed
    }
}
