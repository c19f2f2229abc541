import Foundation
import Testing
import WearablesCore
@testable import WearablesServer

/// `GET /v1/events`: the served world's recent trace records, bounded in count and time, which
/// the dashboard backfills its timeline from.
@Suite(.serialized) struct RecentEventsTests {
    func events(_ running: RunningServer, _ query: String) async throws -> (now: Double, events: [JSONValue]) {
        let answer = try await running.authorized(.get, "/v1/events\(query)")
        #expect(answer.status == 200, "\(answer.body)")
        let body = try JSONValue.parse(Array(answer.body.utf8))
        return (body["now"]?.number ?? -1, body["events"]?.array ?? [])
    }

    @Test func recentRecordsAreListedOldestFirstWithinTheLimitAndTheWindow() async throws {
        let running = try await RunningServer.start(speed: 10)
        for level in [77, 66, 55] {
            let set = try await running.authorized(.post, "/v1/devices/battery", json: #"{"device":"rayBanMeta-1","level":\#(level)}"#)
            #expect(set.status == 200, "\(set.body)")
        }
        let all = try await events(running, "")
        let batteries = all.events.filter { $0["source"]?.string == "mock" && $0["event"]?.string == "battery" }
        #expect(batteries.compactMap { $0["values"]?["level"]?.number } == [77, 66, 55], "\(all.events)")
        #expect(batteries.allSatisfy { $0["values"]?["glasses"]?.string == "rayBanMeta-1" })
        let times = all.events.compactMap { $0["t"]?.number }
        #expect(times.count == all.events.count && times == times.sorted() && (times.last ?? .infinity) <= all.now)

        // The newest first when the limit cuts; nothing older than the window.
        let last = try await events(running, "?limit=1")
        #expect(last.events.count == 1 && last.events[0]["t"]?.number == times.last)
        let window = try await events(running, "?seconds=0.001")
        #expect(window.events.allSatisfy { ($0["t"]?.number ?? 0) >= window.now - 0.001 }, "\(window.events)")

        for (query, says) in [("?limit=0", "'limit' must be a whole number from 1 to 1000"),
                              ("?seconds=7200", "'seconds' must be a number > 0 and at most 3600"),
                              ("?since=1", "unknown query parameter 'since'")] {
            let refused = try await running.authorized(.get, "/v1/events\(query)")
            #expect(refused.status == 400 && refused.body.contains(says), "\(query): \(refused.body)")
        }
        await running.stop()
    }

    @Test func theLogKeepsOnlyItsCapacity() {
        let log = RecentEvents()
        for index in 0..<(RecentEvents.capacity + 5) {
            log.add(.init(time: Double(index), source: "test", event: "tick", values: [:]))
        }
        let kept = log.recent(seconds: 1e9, limit: RecentEvents.capacity, now: 1e6)
        #expect(kept.count == RecentEvents.capacity && kept.first?.time == 5)
        #expect(log.recent(seconds: 10, limit: 3, now: Double(RecentEvents.capacity + 4)).map(\.time) == [1002, 1003, 1004])
    }
}
