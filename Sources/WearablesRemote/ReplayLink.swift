import WearablesCore
import WearablesWire

/// A session recording played back as the world, on the run's (virtual) clock: the
/// world's messages at their recorded times, and each command the client sends answered
/// as the recorded command it matches (by ``WireCommand/replayKey`` and order), no sooner
/// than the recording answered it. The same recording and script give the same run.
///
/// What came at one recorded time is handed over as one batch, in file order, as the
/// recording client's loop took it: a client-side recording gives every message one loop
/// pass took the same time, and checks run between passes, not within one.
///
/// A command the recording never saw gets no answer, as a world that never answers: the
/// model's own timeouts apply, and ``onUnrecorded`` says which command it was.
///
/// Lives on the scheduler's thread: it is driven by the backend and by scheduled events,
/// and checks the scheduler's `ThreadOwner` where it is touched.
final class ReplayLink: WireLink {
    let url: String
    private let scheduler: Scheduler
    private let plan: ReplayPlan
    /// How many commands of each key the client sent so far.
    private var sent: [String: Int] = [:]
    private var deliver: (@Sendable (RemoteLink.Incoming) -> Void)?
    /// What is yet to be handed over, by time: one scheduled event per time.
    private var batches: [Double: [(line: Int, incoming: RemoteLink.Incoming)]] = [:]
    private var stopped = false
    /// Told of each command the recording has no answer for, with the sentence to show.
    var onUnrecorded: ((_ key: String, _ notice: String) -> Void)?

    init(recording: SessionRecording, path: String, scheduler: Scheduler) {
        url = "replay:\(path)"
        self.scheduler = scheduler
        plan = ReplayPlan(recording)
    }

    /// Starts the timeline: each world message is scheduled at its recorded time.
    func setTarget(_ deliver: @escaping @Sendable (RemoteLink.Incoming) -> Void) {
        scheduler.thread.check()
        self.deliver = deliver
        for timed in plan.timeline { hand(timed.incoming, line: timed.line, at: timed.time) }
    }

    @discardableResult
    func send(_ message: ClientMessage) -> Bool {
        scheduler.thread.check()
        guard !stopped, case .command(let id, let command) = message else { return !stopped }
        let key = command.replayKey
        let number = sent[key, default: 0]
        sent[key] = number + 1
        let recorded = plan.exchanges[key] ?? []
        guard number < recorded.count else {
            let which = number == 0 ? "no '\(key)' command" : "no \(Self.ordinal(number + 1)) '\(key)' command (it holds \(recorded.count))"
            onUnrecorded?(key, "the recording has \(which): the replayed world does not answer it, as glasses that never answer; "
                + "record the session again with the script as it is now")
            return true
        }
        for answer in recorded[number].answers {
            hand(ReplayPlan.readdressed(answer.incoming, to: id), line: answer.line, at: max(scheduler.now, answer.time))
        }
        return true
    }

    func stop() {
        scheduler.thread.check()
        stopped = true
    }

    /// Hands `incoming` over at `time`, in the batch of everything due then.
    private func hand(_ incoming: RemoteLink.Incoming, line: Int, at time: Double) {
        if batches[time] != nil {
            batches[time]?.append((line, incoming))
            return
        }
        batches[time] = [(line, incoming)]
        scheduler.schedule(at: time) { [weak self] in self?.emit(at: time) }
    }

    private func emit(at time: Double) {
        let batch = batches.removeValue(forKey: time) ?? []
        guard !stopped, let deliver else { return }
        for item in batch.sorted(by: { $0.line < $1.line }) { deliver(item.incoming) }
    }

    static func ordinal(_ number: Int) -> String {
        let suffix = switch (number % 10, number % 100) {
        case (1, let teen) where teen != 11: "st"
        case (2, let teen) where teen != 12: "nd"
        case (3, let teen) where teen != 13: "rd"
        default: "th"
        }
        return "\(number)\(suffix)"
    }
}
