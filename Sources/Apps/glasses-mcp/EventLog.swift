import Foundation
import Locking
import MCP

/// The events a served world sent this server since it connected, numbered, bounded (the
/// oldest go first, counted), each with the world's run time as a client's clock follows it
/// (the hello's `time`, then `speed` run seconds per wall second, as `glasses run --connect`
/// keeps it): what `wait_for_events` waits on and `export_diagnostic_bundle` writes.
final class EventLog: Sendable {
    /// The most events kept *(ours)*: a busy world sends tens a second (device and mock
    /// state), so about ten minutes of one.
    static let capacity = 20_000

    struct Entry: Sendable {
        let number: Int
        /// The world's run time, as followed from the hello.
        let time: Double
        let event: [String: Value]
    }

    private struct State {
        var entries: [Entry] = []
        var dropped = 0
        var next = 1
        var hello: [String: Value]?
        var helloAt: ContinuousClock.Instant?
        var hellos = 0
        var connection = "connecting"
        var problem: String?
        var waiters: [UUID: AsyncStream<Void>.Continuation] = [:]
    }

    private let state = Locked(State())

    var hellos: Int { state.withLock { $0.hellos } }
    /// The next event's number: a `since` that waits only for events after now.
    var next: Int { state.withLock { $0.next } }

    /// The connection: `connected`, `connecting`, `closed`, `failed` or `refused`, and why it is not connected.
    var connection: (state: String, problem: String?) { state.withLock { ($0.connection, $0.problem) } }
    var hello: [String: Value]? { state.withLock { $0.hello } }
    var dropped: Int { state.withLock { $0.dropped } }

    func connected(hello: [String: Value]) {
        state.withLock { state in
            state.hello = hello
            state.helloAt = .now
            state.hellos += 1
            state.connection = "connected"
            state.problem = nil
        }
        record(["type": "connection", "state": "connected"])
    }

    /// Notes a change of the connection (ours, type `connection`), once per change.
    func note(connection: String, detail: String) {
        let changed = state.withLock { state in
            defer { (state.connection, state.problem) = (connection, detail) }
            return state.connection != connection || state.problem != detail
        }
        if changed { record(["type": "connection", "state": .string(connection), "detail": .string(detail)]) }
    }

    func record(_ event: [String: Value]) {
        let waiters = state.withLock { state in
            state.entries.append(Entry(number: state.next, time: Self.time(state), event: event))
            state.next += 1
            if state.entries.count > Self.capacity {
                let over = state.entries.count - Self.capacity
                state.entries.removeFirst(over)
                state.dropped += over
            }
            return Array(state.waiters.values)
        }
        for waiter in waiters { waiter.yield() }
    }

    /// The events numbered `since` or later, oldest first.
    func entries(since: Int = 0) -> [Entry] {
        state.withLock { state in
            guard let first = state.entries.firstIndex(where: { $0.number >= since }) else { return [] }
            return Array(state.entries[first...])
        }
    }

    /// The world's run time now, as followed from the hello; nil before one.
    var time: Double? { state.withLock { $0.helloAt == nil ? nil : Self.time($0) } }

    private static func time(_ state: State) -> Double {
        guard let hello = state.hello, let at = state.helloAt else { return 0 }
        let start = hello["time"]?.doubleValue ?? Double(hello["time"]?.intValue ?? 0)
        let speed = hello["speed"]?.doubleValue ?? Double(hello["speed"]?.intValue ?? 1)
        let elapsed = ContinuousClock.now - at
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        return start + seconds * speed
    }

    /// Waits until `satisfied` holds for the events numbered `since` or later, or `seconds`
    /// (wall) pass; those events and whether it held.
    func wait(since: Int, seconds: Double, until satisfied: ([Entry]) -> Bool) async -> (entries: [Entry], held: Bool) {
        let id = UUID()
        let (changes, continuation) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
        state.withLock { $0.waiters[id] = continuation }
        defer { state.withLock { _ = $0.waiters.removeValue(forKey: id) } }
        let timer = Task {
            try? await Task.sleep(for: .seconds(seconds))
            continuation.finish()
        }
        defer { timer.cancel() }
        var iterator = changes.makeAsyncIterator()
        while true {
            let found = entries(since: since)
            if satisfied(found) { return (found, true) }
            guard await iterator.next() != nil, !Task.isCancelled else { return (entries(since: since), false) }
        }
    }
}
