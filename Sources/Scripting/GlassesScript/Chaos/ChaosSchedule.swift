#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import WearablesCore

/// One fault at a run time: what, on which glasses, for how long.
public struct ChaosFault: Codable, Equatable, Sendable {
    /// Run time (seconds) the fault starts.
    public var t: Double
    public var kind: ChaosKind
    /// The glasses' id (`rayBanMeta-1`); a phone call ignores it.
    public var device: String
    /// Seconds until it clears (0 for a capture failure, which fails the next capture).
    public var duration: Double

    public init(t: Double, kind: ChaosKind, device: String, duration: Double) {
        self.t = t
        self.kind = kind
        self.device = device
        self.duration = duration
    }

    /// Millisecond times, so a saved schedule reads well and replays to the same instants.
    public static func rounded(_ value: Double) -> Double { (value * 1000).rounded() / 1000 }
}

/// A run's faults, drawn from its seed or read from a file. The file format
/// (`version` 1) is what `mock.chaos{save=}` writes, `mock.chaos{schedule=}` and
/// `glasses run --faults` read, and `glasses sweep --shrink` writes shrunk.
public struct ChaosSchedule: Codable, Equatable, Sendable {
    public static let formatVersion = 1
    public var version = ChaosSchedule.formatVersion
    /// The seed it was drawn from (informative: replaying does not draw).
    public var seed: UInt64?
    public var faults: [ChaosFault]

    public init(seed: UInt64?, faults: [ChaosFault]) {
        self.seed = seed
        self.faults = faults
    }

    /// The schedule as one line of JSON with sorted keys, so equal schedules have equal text.
    public func json(pretty: Bool = false) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = pretty ? [.sortedKeys, .prettyPrinted] : [.sortedKeys]
        let data = (try? encoder.encode(self)) ?? Data()
        return String(decoding: data, as: UTF8.self)
    }

    /// Reads a schedule file; the error says what is wrong and how the file should look.
    public static func read(_ text: Data, from path: String) throws -> ChaosSchedule {
        let schedule: ChaosSchedule
        do { schedule = try JSONDecoder().decode(ChaosSchedule.self, from: text) } catch {
            throw ChaosScheduleError(
                path: path,
                problem: "is not a fault schedule (\(Self.describe(error))); expected "
                    + #"{"version":1,"faults":[{"t":12.5,"kind":"fold","device":"rayBanMeta-1","duration":4}]}"#)
        }
        guard schedule.version == formatVersion else {
            throw ChaosScheduleError(path: path, problem: "has version \(schedule.version); this glasses reads version \(formatVersion)")
        }
        for fault in schedule.faults where !(fault.t.isFinite && fault.t >= 0 && fault.duration.isFinite && fault.duration >= 0) {
            throw ChaosScheduleError(path: path, problem: "has a \(fault.kind.rawValue) fault with t \(fault.t) and duration \(fault.duration); both must be finite and >= 0")
        }
        return ChaosSchedule(seed: schedule.seed, faults: schedule.faults.sorted { $0.t < $1.t })
    }

    private static func describe(_ error: Error) -> String {
        switch error {
        case DecodingError.dataCorrupted(let context): return context.debugDescription
        case DecodingError.keyNotFound(let key, _): return "missing '\(key.stringValue)'"
        case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context):
            let path = context.codingPath.map(\.stringValue).joined(separator: ".")
            return "'\(path)': \(context.debugDescription)"
        default: return "\(error)"
        }
    }
}

public struct ChaosScheduleError: Error, CustomStringConvertible {
    public let path: String
    public let problem: String
    public var description: String { "the fault schedule '\(path)' \(problem)" }
}
