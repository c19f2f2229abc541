import DequeModule

/// DAT 1.0 `Inputs` (`MWDATInputs`, experimental): a session capability that routes the
/// glasses' input surfaces to the app. Added to a started session, it activates at once
/// (there is no `start()`); events the configuration asked for arrive in order and the
/// newest ``bufferLimit`` wait for a reader, older ones dropped. A terminal error ends the
/// event stream but leaves the capability attached; only `removeInputs` frees the slot.
public final class Inputs {
    /// DAT keeps the newest 64 events for a slow reader and drops the oldest.
    public static let bufferLimit = 64
    /// *(ours)* From `activating` to `active`.
    public static let activationDelay: Double = 0.2
    /// *(ours)* From `deactivating` to `inactive`.
    public static let deactivationDelay: Double = 0.05

    public let configuration: InputsConfiguration
    public private(set) var state: InputsState = .inactive
    public private(set) var lastError: InputsError?
    /// Whether the event stream has ended (a terminal error, the session's end, or removal).
    public private(set) var isEnded = false
    /// Whether `removeInputs` took it off its session.
    public private(set) var isRemoved = false
    /// Events dropped because the buffer was full.
    public private(set) var droppedCount = 0

    /// The session it was added to (weak: the session holds it).
    public private(set) weak var session: DeviceSession?
    private let scheduler: Scheduler
    private let trace: EventTrace
    private let traceSource: String
    private var buffer = Deque<InputEvent>()
    private let stateListeners: Broadcaster<InputsState>
    private let errorListeners: Broadcaster<InputsError>
    private let eventListeners: Broadcaster<InputEvent>
    /// Told when the buffer gains an event or the stream ends (readers waiting in `next`).
    private let arrivals: Broadcaster<Void>
    private var activationTimer: TimerToken?

    init(session: DeviceSession, configuration: InputsConfiguration) {
        self.session = session
        self.configuration = configuration
        scheduler = session.wearables.scheduler
        trace = session.wearables.trace
        traceSource = session.traceSource + ".inputs"
        stateListeners = Broadcaster(scheduler: scheduler)
        errorListeners = Broadcaster(scheduler: scheduler)
        eventListeners = Broadcaster(scheduler: scheduler)
        arrivals = Broadcaster(scheduler: scheduler)
        transition(to: .activating)
        activationTimer = scheduler.schedule(after: Self.activationDelay) { [weak self] in
            guard let self, self.state == .activating else { return }
            self.transition(to: .active)
        }
    }

    // MARK: Listeners

    /// Fires at once with the current state, then on every change (DAT `statePublisher`).
    public func addStateListener(_ listener: @escaping (InputsState) -> Void) -> ListenerToken {
        stateListeners.add(current: state, listener)
    }

    /// DAT `errorPublisher`.
    public func addErrorListener(_ listener: @escaping (InputsError) -> Void) -> ListenerToken { errorListeners.add(listener) }

    /// Every event as it arrives (buffered or not).
    public func addEventListener(_ listener: @escaping (InputEvent) -> Void) -> ListenerToken { eventListeners.add(listener) }

    /// Told when an event is buffered or the stream ends.
    public func addArrivalListener(_ listener: @escaping () -> Void) -> ListenerToken { arrivals.add { listener() } }

    /// The events waiting for a reader, oldest first (at most ``bufferLimit``).
    public var buffered: [InputEvent] { Array(buffer) }

    /// Takes the oldest buffered event (DAT's `events` stream, read once).
    public func next() -> InputEvent? { buffer.popFirst() }

    // MARK: Reports

    /// An event from the glasses: kept when active, the session running and its source asked for.
    func receive(_ event: InputEvent, sessionRunning: Bool) {
        guard state == .active, !isEnded, sessionRunning else { return }
        if event.action == .back, !configuration.consumeBack { return }
        guard configuration.sources.contains(event.source) else { return }
        if buffer.count >= Self.bufferLimit {
            buffer.removeFirst()
            droppedCount += 1
        }
        buffer.append(event)
        trace.record(source: traceSource, event: "input", orderedValues: [
            ("kind", .string(event.kind.name)), ("source", .string(event.source.name)), ("timestamp_ms", .int(Int(event.timestampMs))),
        ])
        eventListeners.emit(event)
        arrivals.emit(())
    }

    /// A terminal error: reported, the stream ends, the capability stays attached.
    func fail(_ error: InputsError) {
        guard !isEnded else { return }
        lastError = error
        trace.record(source: traceSource, event: "error", values: ["code": .string(error.code)])
        errorListeners.emit(error)
        end(finalState: .inactive)
    }

    /// The session ended or stopped; `error` when the link went with it.
    func sessionEnding(error: InputsError?) {
        if let error { fail(error) } else { end(finalState: .inactive) }
    }

    /// `removeInputs`: deactivates, then the stream ends.
    func remove() {
        guard !isRemoved else { return }
        isRemoved = true
        guard !isEnded else { return }
        activationTimer?.cancel()
        isEnded = true
        transition(to: .deactivating)
        arrivals.emit(())
        scheduler.schedule(after: Self.deactivationDelay) { [weak self] in self?.transition(to: .inactive) }
    }

    private func end(finalState: InputsState) {
        guard !isEnded else { return }
        activationTimer?.cancel()
        isEnded = true
        transition(to: finalState)
        arrivals.emit(())
    }

    private func transition(to next: InputsState) {
        guard next != state else { return }
        state = next
        trace.record(source: traceSource, event: "state", values: ["state": .string(next.name)])
        stateListeners.emit(next)
    }
}
