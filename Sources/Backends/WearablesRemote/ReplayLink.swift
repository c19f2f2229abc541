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
    /// The recording in file order, read as the run's clock reaches each time: the whole
    /// recording is never held, so a long one replays in bounded memory.
    private let entries: any ReplayEntries
    /// The entry read and not yet due.
    private var peeked: SessionRecording.Entry?
    /// A second reader, for commands only: how many of each key the recording holds up to
    /// where it has read, moved on only when the client sends a command the clock has not
    /// reached yet, to tell at once whether the recording holds it.
    private let ahead: any ReplayEntries
    private var aheadCounts: [String: Int] = [:]
    private var aheadDone = false
    /// How many commands of each key the client sent so far, and each one's id in order.
    private var sent: [String: [Int]] = [:]
    /// The recorded commands read so far, by key in recorded order: who claimed each, and
    /// the answers read before it was claimed (handed over, and dropped, when it is).
    private var slots: [String: [Slot]] = [:]
    /// Recorded command ids, to their slot: answers carry the id.
    private var byID: [Int: (key: String, index: Int)] = [:]
    private var deliver: (@Sendable (RemoteLink.Incoming) -> Void)?
    /// What is yet to be handed over, by time: one scheduled event per time.
    private var batches: [Double: [(line: Int, incoming: RemoteLink.Incoming)]] = [:]
    private var stopped = false
    /// Told of each command the recording has no answer for, with the sentence to show.
    var onUnrecorded: ((_ key: String, _ notice: String) -> Void)?

    struct Slot {
        var client: Int?
        var answers: [ReplayPlan.Timed] = []
    }

    /// Replays the entries `open()` reads (called twice: the clock's reader and the one
    /// that looks ahead for commands).
    init(entries open: () -> any ReplayEntries, path: String, scheduler: Scheduler) {
        url = "replay:\(path)"
        self.scheduler = scheduler
        entries = open()
        ahead = open()
    }

    /// What the link holds that is yet to be handed over: the records of its scheduled
    /// batches, the answers kept for commands the client has not sent yet, and the one
    /// entry read ahead: one time's records and those answers, not the recording's length.
    var pendingRecords: Int {
        batches.values.reduce(0) { $0 + $1.count } + slots.values.reduce(0) { $0 + $1.reduce(0) { $0 + $1.answers.count } }
            + (peeked == nil ? 0 : 1)
    }

    /// Starts the timeline: the first recorded time is scheduled, and each time, when it
    /// comes, reads what the recording holds for it and schedules the next.
    func setTarget(_ deliver: @escaping @Sendable (RemoteLink.Incoming) -> Void) {
        scheduler.thread.check()
        self.deliver = deliver
        scheduleNextTime()
    }

    @discardableResult
    func send(_ message: ClientMessage) -> Bool {
        scheduler.thread.check()
        guard !stopped, case .command(let id, let command) = message else { return !stopped }
        let key = command.replayKey
        let number = sent[key, default: []].count
        guard recordingHolds(key, number: number) else {
            sent[key, default: []].append(-1)
            let recorded = aheadCounts[key, default: 0]
            let which = number == 0 ? "no '\(key)' command" : "no \(Self.ordinal(number + 1)) '\(key)' command (it holds \(recorded))"
            onUnrecorded?(key, "the recording has \(which): the replayed world does not answer it, as glasses that never answer; "
                + "record the session again with the script as it is now")
            return true
        }
        sent[key, default: []].append(id)
        // Read already: its answers so far now; those later in the file as the clock reaches them.
        if number < slots[key, default: []].count {
            let answers = slots[key]![number].answers
            slots[key]![number] = Slot(client: id)
            for answer in answers {
                hand(ReplayPlan.readdressed(answer.incoming, to: id), line: answer.line, at: max(scheduler.now, answer.time))
            }
        }
        return true
    }

    func stop() {
        scheduler.thread.check()
        stopped = true
        batches = [:]
        slots = [:]
        peeked = nil
    }

    /// Whether the recording holds an `number`th (from 0) command of `key`.
    private func recordingHolds(_ key: String, number: Int) -> Bool {
        if number < slots[key, default: []].count { return true }
        while aheadCounts[key, default: 0] <= number, !aheadDone {
            guard let entry = ahead.next() else {
                aheadDone = true
                break
            }
            if case .client(.command(_, let command)) = entry.content { aheadCounts[command.replayKey, default: 0] += 1 }
        }
        return aheadCounts[key, default: 0] > number
    }

    private func peek() -> SessionRecording.Entry? {
        if peeked == nil { peeked = entries.next() }
        return peeked
    }

    /// Schedules the time of the next entry not yet read (its batch, empty until then).
    private func scheduleNextTime() {
        guard !stopped, let next = peek(), batches[next.time] == nil else { return }
        batches[next.time] = []
        let time = next.time
        scheduler.schedule(at: time) { [weak self] in self?.emit(at: time) }
    }

    /// Reads every entry due by `time`: the world's own messages into its batch, recorded
    /// commands into slots, answers to the client (when it sent the command) or kept.
    private func read(through time: Double) {
        while let entry = peek(), entry.time <= time {
            peeked = nil
            let timed = { (incoming: RemoteLink.Incoming) in ReplayPlan.Timed(time: entry.time, line: entry.line, incoming: incoming) }
            switch entry.content {
            case .client(.command(let id, let command)):
                let key = command.replayKey
                let index = slots[key, default: []].count
                let client = sent[key].flatMap { index < $0.count ? $0[index] : nil }
                byID[id] = (key, index)
                slots[key, default: []].append(Slot(client: client))
            case .client(.hello):
                break
            case .world(let message):
                if let id = ReplayPlan.answeredCommand(of: message) {
                    answer(timed(.message(message)), to: id)
                } else {
                    hand(.message(message), line: entry.line, at: entry.time)
                }
            case .binary(.photo(let id, let photo)):
                answer(timed(.binary(.photo(id: id, photo))), to: id)
            case .binary(let frame):
                hand(.binary(frame), line: entry.line, at: entry.time)
            case .lost(let reason, let tokenRefused):
                hand(.lost(LinkFailure(reason: reason, isTokenRefused: tokenRefused)), line: entry.line, at: entry.time)
            }
        }
    }

    /// An answer to the recorded command `id`: to the client's command that claimed it, or
    /// kept until one does. An answer to a command the recording does not hold reaches no one.
    private func answer(_ timed: ReplayPlan.Timed, to id: Int) {
        guard let slot = byID[id] else { return }
        if let client = slots[slot.key]?[slot.index].client {
            if client >= 0 { hand(ReplayPlan.readdressed(timed.incoming, to: client), line: timed.line, at: max(scheduler.now, timed.time)) }
        } else {
            slots[slot.key]?[slot.index].answers.append(timed)
        }
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
        guard !stopped else { return }
        read(through: time)
        let batch = batches.removeValue(forKey: time) ?? []
        scheduleNextTime()
        guard let deliver else { return }
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

/// The entries of a recording, in file order, one at a time.
protocol ReplayEntries: AnyObject {
    func next() -> SessionRecording.Entry?
}

extension SessionRecordingReader: ReplayEntries {}

/// A recording already read whole (``SessionRecording``), as entries one at a time.
final class RecordedEntries: ReplayEntries {
    private let entries: [SessionRecording.Entry]
    private var index = 0
    init(_ entries: [SessionRecording.Entry]) { self.entries = entries }
    func next() -> SessionRecording.Entry? {
        guard index < entries.count else { return nil }
        defer { index += 1 }
        return entries[index]
    }
}
