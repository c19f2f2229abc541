#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import DequeModule
import Locking
import WearablesCore

/// The served world's last trace records (sessions, devices, mock actions, displays,
/// hands-free reports, clients joining and leaving), kept in memory for `GET /v1/events`:
/// a dashboard opened late fills its timeline from them instead of starting empty.
/// Bounded in count (``capacity``); a read bounds it in time too.
final class RecentEvents: Sendable {
    /// One trace record, as a `GET /v1/events` answer lists it.
    struct Record: Sendable, Equatable {
        let time: Double
        let source, event: String
        let values: [String: JSONValue]

        var json: JSONValue { .object(["t": .double(time), "source": .string(source), "event": .string(event), "values": .object(values)]) }
    }

    /// The most records kept: the oldest go first.
    static let capacity = 1000
    private let records = Locked(Deque<Record>())

    /// Keeps every record `trace` sees from now on, passing each on to an observer already there.
    /// Call on the world's thread.
    func listen(to trace: EventTrace, clock: @escaping () -> Double) {
        let earlier = trace.observer
        trace.observer = { [self] source, event, values in
            earlier?(source, event, values)
            add(Record(time: clock(), source: source, event: event,
                       values: Dictionary(values.map { ($0.0, $0.1.json) }) { _, last in last }))
        }
    }

    func add(_ record: Record) {
        records.withLock { records in
            records.append(record)
            if records.count > Self.capacity { records.removeFirst(records.count - Self.capacity) }
        }
    }

    /// The newest `limit` records of the last `seconds` before `now`, oldest first.
    func recent(seconds: Double, limit: Int, now: Double) -> [Record] {
        records.withLock { records in
            Array(records.reversed().prefix { $0.time >= now - seconds }.prefix(limit).reversed())
        }
    }
}

extension TraceValue {
    var json: JSONValue {
        switch self {
        case .string(let value): .string(value)
        case .int(let value): .integer(Int64(value))
        case .double(let value): value.isFinite ? .double(value) : .null
        case .bool(let value): .bool(value)
        case .null: .null
        }
    }
}
