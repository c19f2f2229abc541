import WearablesWire

/// How a replay splits a session recording (``ReplayLink`` reads it as the clock goes):
/// the world's own messages on a timeline, played at their recorded times whatever the
/// client does, and the answers to each recorded command (its reply, a capture's progress
/// and photo), kept by the command's ``WireCommand/replayKey`` in recorded order until
/// the replaying client sends the matching command.
enum ReplayPlan {
    struct Timed {
        let time: Double
        /// Its line in the file: what came at one time is handed over in file order.
        let line: Int
        let incoming: RemoteLink.Incoming
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
