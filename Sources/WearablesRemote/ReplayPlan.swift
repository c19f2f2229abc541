import WearablesWire

/// A session recording split the way a replay plays it: the world's own messages on a
/// timeline, played at their recorded times whatever the client does, and the answers
/// to each recorded command (its reply, a capture's progress and photo), kept by the
/// command's ``WireCommand/replayKey`` in recorded order until the replaying client
/// sends the matching command.
struct ReplayPlan {
    struct Timed {
        let time: Double
        /// Its line in the file: what came at one time is handed over in file order.
        let line: Int
        let incoming: RemoteLink.Incoming
    }

    /// One recorded command and what the world answered it with.
    struct Exchange {
        let time: Double
        var answers: [Timed] = []
    }

    private(set) var timeline: [Timed] = []
    private(set) var exchanges: [String: [Exchange]] = [:]

    init(_ recording: SessionRecording) {
        // Recorded command ids, to their exchange (key, index): answers carry the id.
        var byID: [Int: (key: String, index: Int)] = [:]
        for entry in recording.entries {
            let timed = { (incoming: RemoteLink.Incoming) in Timed(time: entry.time, line: entry.line, incoming: incoming) }
            switch entry.content {
            case .client(.command(let id, let command)):
                let key = command.replayKey
                byID[id] = (key, exchanges[key, default: []].count)
                exchanges[key, default: []].append(Exchange(time: entry.time))
            case .client(.hello):
                break
            case .world(let message):
                if let id = Self.answeredCommand(of: message) {
                    // An answer to a command the recording does not hold reaches no one.
                    if let slot = byID[id] { exchanges[slot.key]?[slot.index].answers.append(timed(.message(message))) }
                } else {
                    timeline.append(timed(.message(message)))
                }
            case .binary(.photo(let id, let photo)):
                if let slot = byID[id] { exchanges[slot.key]?[slot.index].answers.append(timed(.binary(.photo(id: id, photo)))) }
            case .binary(let frame):
                timeline.append(timed(.binary(frame)))
            case .lost(let reason, let tokenRefused):
                timeline.append(timed(.lost(LinkFailure(reason: reason, isTokenRefused: tokenRefused))))
            }
        }
    }

    /// The command a world message answers, if it answers one.
    static func answeredCommand(of message: ServerMessage) -> Int? {
        switch message {
        case .reply(let id, _), .event(.captureStarted(let id)), .event(.captureProgress(let id, _)): id
        default: nil
        }
    }

    /// An answer re-addressed to the replaying client's command `id`.
    static func readdressed(_ incoming: RemoteLink.Incoming, to id: Int) -> RemoteLink.Incoming {
        switch incoming {
        case .message(.reply(_, let result)): .message(.reply(id: id, result))
        case .message(.event(.captureStarted)): .message(.event(.captureStarted(id: id)))
        case .message(.event(.captureProgress(_, let progress))): .message(.event(.captureProgress(id: id, progress)))
        case .binary(.photo(_, let photo)): .binary(.photo(id: id, photo))
        default: incoming
        }
    }
}
