#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Hummingbird
import NIOCore
import WearablesCore
import WireServing

/// `GET /v1/events?seconds=S&limit=N`: the served world's recent trace records, oldest first
/// (``RecentEvents``), with the world's time now. The dashboard backfills its timeline
/// from it; a test or a script can read what happened without holding a trace file.
struct EventRoutes: Sendable {
    let events: RecentEvents
    let served: ServedWorld

    /// At most an hour back, and at most what the log keeps.
    static let maxSeconds = 3600.0

    func add(to router: some RouterMethods<BasicRequestContext>) {
        let (events, served) = (events, served)
        router.get("/v1/events") { request, _ in
            let (seconds, limit) = try Self.query(request.uri.queryParameters)
            let now = served.runTime
            let records = events.recent(seconds: seconds, limit: limit, now: now)
            let body = JSONValue.object(["now": .double(now), "events": .array(records.map(\.json))])
            let data = (try? body.encoded()) ?? Data("{}".utf8)
            return Response(status: .ok, headers: [.contentType: "application/json"],
                            body: .init(byteBuffer: ByteBuffer(bytes: data + Data("\n".utf8))))
        }
    }

    /// `seconds` (0 < s <= 3600, default 300) and `limit` (1 to the log's capacity, default 500).
    static func query(_ parameters: Hummingbird.Parameters) throws(ControlError) -> (Double, Int) {
        let query = try QueryReader(parameters, takes: ["seconds", "limit"])
        let seconds = try query.seconds(default: 300, atMost: maxSeconds)
        guard let text = query["limit"] else { return (seconds, 500) }
        guard let limit = Int(text), limit >= 1, limit <= RecentEvents.capacity else {
            throw ControlError.badRequest("'limit' must be a whole number from 1 to \(RecentEvents.capacity), got '\(text)'")
        }
        return (seconds, limit)
    }
}
