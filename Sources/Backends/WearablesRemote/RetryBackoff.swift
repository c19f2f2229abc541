/// How long a link waits between attempts to reach a server that is away: short at
/// first, so a quick restart is caught at once, then doubling up to a bound, so a
/// server down for long (or one refusing the token) is not hammered. A connection
/// that opens starts it over.
struct RetryBackoff: Sendable {
    static let first: Duration = .milliseconds(500)
    static let most: Duration = .seconds(5)

    private(set) var next = Self.first

    /// The wait before the next attempt; each call doubles the one after, up to ``most``.
    mutating func take() -> Duration {
        defer { next = min(next * 2, Self.most) }
        return next
    }

    mutating func reset() { next = Self.first }

    /// "0.5 s doubling to 5 s", for messages.
    static var summary: String { "\(seconds(first)) s doubling to \(seconds(most)) s" }

    private static func seconds(_ duration: Duration) -> String {
        let milliseconds = duration.components.seconds * 1000 + duration.components.attoseconds / 1_000_000_000_000_000
        return milliseconds % 1000 == 0 ? String(milliseconds / 1000) : String(Double(milliseconds) / 1000)
    }
}
