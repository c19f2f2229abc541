import WearablesCore
import WearablesWire

/// A session recording played back as the world, on the run's (virtual) clock: the
/// world's messages at their recorded times, and each command the client sends answered
/// as the recorded command it matches (by ``WireCommand/replayKey`` and order), no sooner
/// than the recording answered it. The same recording and script give the same run.
///
/// A command the recording never saw gets no answer, as a world that never answers: the
/// model's own timeouts apply, and ``onUnrecorded`` says which command it was.
///
/// Lives on the scheduler's thread: it is driven by the backend and by scheduled events,
/// and each `scheduler.schedule` checks the thread.
final class ReplayLink: WireLink {
    let url: String
    private let scheduler: Scheduler
    private let plan: ReplayPlan
    /// How many commands of each key the client sent so far.
    private var sent: [String: Int] = [:]
    private var deliver: (@Sendable (RemoteLink.Incoming) -> Void)?
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
        self.deliver = deliver
        for timed in plan.timeline {
            scheduler.schedule(at: timed.time) { [weak self] in self?.emit(timed.incoming) }
        }
    }

    @discardableResult
    func send(_ message: ClientMessage) -> Bool {
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
            let incoming = ReplayPlan.readdressed(answer.incoming, to: id)
            scheduler.schedule(at: max(scheduler.now, answer.time)) { [weak self] in self?.emit(incoming) }
        }
        return true
    }

    func stop() { stopped = true }

    private func emit(_ incoming: RemoteLink.Incoming) {
        guard !stopped else { return }
        deliver?(incoming)
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
