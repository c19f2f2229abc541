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
    static let parameters = ["seconds", "limit", "token"]

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
        for (name, _) in parameters where !Self.parameters.contains(String(name)) {
            throw ControlError.badRequest("unknown query parameter '\(name)' (this route takes seconds, limit)")
        }
        var seconds = 300.0
        if let text = parameters["seconds"] {
            guard let value = Double(String(text)), value > 0, value <= maxSeconds else {
                throw ControlError.badRequest("'seconds' must be a number > 0 and at most \(Int(maxSeconds)), got '\(text)'")
            }
            seconds = value
        }
        var limit = 500
        if let text = parameters["limit"] {
            guard let value = Int(String(text)), value >= 1, value <= RecentEvents.capacity else {
                throw ControlError.badRequest("'limit' must be a whole number from 1 to \(RecentEvents.capacity), got '\(text)'")
            }
            limit = value
        }
        return (seconds, limit)
    }
}
