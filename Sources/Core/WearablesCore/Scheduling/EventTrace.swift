#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A value in a trace line. Formatting is fixed (keys in insertion order, numbers with
/// at most six decimals), so identical runs give identical bytes.
public enum TraceValue: Sendable, Equatable {
    case string(String)
    case int(Int)
    case double(Double)
    case bool(Bool)
    case null

    func write(into out: inout String) {
        switch self {
        case .string(let s): TraceValue.writeString(s, into: &out)
        case .int(let i): out += String(i)
        case .double(let d): out += TraceValue.format(d)
        case .bool(let b): out += b ? "true" : "false"
        case .null: out += "null"
        }
    }

    static func format(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        var text = String(cFormat: "%.6f", value)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text == "-0" ? "0" : text
    }

    public static func writeString(_ s: String, into out: inout String) {
        out += "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20: out += String(cFormat: "\\u%04x", scalar.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        out += "\""
    }
}

extension TraceValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral, ExpressibleByBooleanLiteral {
    public init(stringLiteral value: String) { self = .string(value) }
    public init(integerLiteral value: Int) { self = .int(value) }
    public init(floatLiteral value: Double) { self = .double(value) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
}

/// The event log of a run, one JSON object a line:
/// `{"t":12.5,"source":"session","event":"state","values":{"state":"started"}}`.
///
/// Records state transitions, errors, device changes, ladder steps, photos and
/// simulator actions; frames only when `includesFrames` is on, because a 30 fps
/// stream would swamp it. With no sink, `record` returns before formatting anything.
public final class EventTrace {
    /// Receives each finished line, newline included.
    public typealias Sink = (String) -> Void

    private let scheduler: Scheduler
    public var sink: Sink?
    /// Sees each event as values before it is formatted, sink or not: the run's
    /// checks follow sessions, cameras and faults through it without parsing lines.
    public var observer: ((_ source: String, _ event: String, _ values: [(String, TraceValue)]) -> Void)?
    /// Log every delivered frame too (debug level).
    public var includesFrames = false

    public init(scheduler: Scheduler, sink: Sink? = nil) {
        self.scheduler = scheduler
        self.sink = sink
    }

    public var isEnabled: Bool { sink != nil || observer != nil }

    /// Appends one event at the scheduler's current time. `values` keep their order.
    public func record(source: String, event: String, values: KeyValuePairs<String, TraceValue> = [:]) {
        guard isEnabled else { return }
        record(source: source, event: event, orderedValues: Array(values))
    }

    /// `record` for values assembled at run time (e.g. from a script).
    public func record(source: String, event: String, orderedValues values: [(String, TraceValue)]) {
        observer?(source, event, values)
        guard let sink else { return }
        record(source: source, event: event, orderedValues: values, sink: sink)
    }

    private func record(source: String, event: String, orderedValues values: [(String, TraceValue)], sink: Sink) {
        var line = "{\"t\":" + TraceValue.format(scheduler.now) + ",\"source\":"
        TraceValue.writeString(source, into: &line)
        line += ",\"event\":"
        TraceValue.writeString(event, into: &line)
        line += ",\"values\":{"
        for (index, (key, value)) in values.enumerated() {
            if index > 0 { line += "," }
            TraceValue.writeString(key, into: &line)
            line += ":"
            value.write(into: &line)
        }
        line += "}}\n"
        sink(line)
    }
}

extension EventTrace {
    /// A sink that collects lines in memory (tests, `--trace` buffering).
    public final class Buffer {
        public private(set) var text = ""
        public init() {}
        public var sink: Sink { { line in self.text += line } }
        public var lines: [Substring] { text.split(separator: "\n") }
    }
}
