/// One standalone photo (DAT 1.0 `Camera.photo`). DAT runs its photo feature through
/// `PhotoState` (`start()` → `starting` → `started`, `capturePhoto`, `stop()` →
/// `stopping` → `stopped`); here each capture runs it once, so a script sees where its
/// photo is: `starting` while the glasses set the capture up (their refusals,
/// `sessionSetupFailed` and `serviceUnavailable`, end it there), `started` once they
/// take and transfer the still, `stopping` and `stopped` when its outcome is known. A
/// capture refused before it could start (`notReady`, `busy`) is `stopped` from the outset.
/// DAT's own shape, started once for several captures, is ``PhotoFeature``; this per-capture
/// run stays apart from it (not sugar over it) because it also takes a photo beside a running
/// stream, which the feature refuses as DAT does, and its state sequence is per photo.
public final class PhotoCapture {
    /// How long simulated glasses take to set a capture up before it is `started`; shorter
    /// than any capture, so a refusal (answered at once) never reaches `started`.
    public static let setupDuration: Double = 0.1

    public private(set) var state: PhotoState
    /// The photo or why there is none, once known.
    public private(set) var result: Result<Photo, PhotoError>?
    /// How much of the photo has crossed the link (DAT 1.0 `transferProgressPublisher`); nil before its transfer.
    public private(set) var progress: PhotoTransferProgress?
    private let scheduler: Scheduler
    private let stateListeners: Broadcaster<PhotoState>
    private lazy var progressListeners = Broadcaster<PhotoTransferProgress>(scheduler: scheduler)
    private let finishListeners: Broadcaster<Result<Photo, PhotoError>>
    private let trace: EventTrace
    private let traceSource: String

    /// A capture the glasses accepted: `starting`, `started` when they have set it up (``setUp()``) unless it ended first.
    init(scheduler: Scheduler, trace: EventTrace, traceSource: String) {
        self.scheduler = scheduler
        self.trace = trace
        self.traceSource = traceSource
        state = .starting
        stateListeners = Broadcaster(scheduler: scheduler)
        finishListeners = Broadcaster(scheduler: scheduler)
        record(.starting)
    }

    /// The glasses have set the capture up: `started`, unless it ended first.
    func setUp() {
        if state == .starting { transition(to: .started) }
    }

    /// A capture refused before it started: `stopped`, with `error`.
    init(refused error: PhotoError, scheduler: Scheduler, trace: EventTrace, traceSource: String) {
        self.scheduler = scheduler
        self.trace = trace
        self.traceSource = traceSource
        state = .stopped
        result = .failure(error)
        stateListeners = Broadcaster(scheduler: scheduler)
        finishListeners = Broadcaster(scheduler: scheduler)
    }

    /// Fires at once with the current state, then on each change.
    public func addStateListener(_ listener: @escaping (PhotoState) -> Void) -> ListenerToken {
        stateListeners.add(current: state, listener)
    }

    /// Fires on each step of the photo's transfer.
    public func addProgressListener(_ listener: @escaping (PhotoTransferProgress) -> Void) -> ListenerToken {
        progressListeners.add(listener)
    }

    /// A step of the transfer: the capture was taken, so it is `started` by now.
    func progressed(_ step: PhotoTransferProgress) {
        guard result == nil else { return }
        if state == .starting { transition(to: .started) }
        progress = step
        trace.record(source: traceSource, event: "photo_progress",
                     values: ["bytes": .int(step.bytesReceived), "total": .int(step.totalBytes)])
        progressListeners.emit(step)
    }

    /// Fires once with the outcome (at once, on the scheduler, when it is already known).
    public func addFinishListener(_ listener: @escaping (Result<Photo, PhotoError>) -> Void) -> ListenerToken {
        finishListeners.add(current: result, listener)
    }

    /// The outcome: a photo passes through `started` (it was taken); a failure ends the
    /// capture from where it is.
    func finish(_ outcome: Result<Photo, PhotoError>) {
        guard result == nil else { return }
        result = outcome
        if case .success = outcome, state == .starting { transition(to: .started) }
        transition(to: .stopping)
        transition(to: .stopped)
        finishListeners.emit(outcome)
        // Alive until those deliveries ran (they hold it weakly), whoever let it go meanwhile.
        scheduler.schedule(after: 0) { _ = self }
    }

    private func transition(to next: PhotoState) {
        guard next != state else { return }
        state = next
        record(next)
        stateListeners.emit(next)
    }

    private func record(_ state: PhotoState) {
        trace.record(source: traceSource, event: "photo_state", values: ["state": .string(state.name)])
    }
}
