#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import WearablesCore

/// Turns a run's JSON Lines trace into Chrome Trace Event JSON, the format both
/// ui.perfetto.dev and chrome://tracing open: one process, a track (thread) per
/// device, session, camera, the audio route, chaos faults and the run itself.
/// States are slices (B/E, which nest because a track's states never overlap),
/// faults are async spans (b/e: they may overlap) plus instants, captures,
/// photos, errors and checks are instants, and battery, thermal level,
/// bandwidth and effective fps are counters. Times are microseconds of run time.
public struct PerfettoExport {
    private var events: [JSONValue] = []
    private var tracks: [String: Int] = [:]
    /// The open state slice of each track: its name.
    private var open: [Int: String] = [:]
    private var openFaults: [String: [Int]] = [:]
    private var faultSerial = 0
    private var lastTime = 0.0
    private static let pid = 1

    /// The trace's lines in, the timeline's JSON out; a line that is not a trace record is an error naming it.
    public static func convert(trace text: String) throws -> Data {
        var export = PerfettoExport()
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: true).enumerated() {
            guard let object = try? JSONValue.parse(line.utf8),
                let t = object["t"]?.number, let source = object["source"]?.string, let event = object["event"]?.string
            else {
                throw PerfettoExportError(line: number + 1, text: String(line.prefix(80)))
            }
            export.add(t: t, source: source, event: event, values: object["values"]?.object ?? [:])
        }
        export.finish()
        let document: JSONValue = ["traceEvents": .array(export.events), "displayTimeUnit": "ms"]
        return try document.encoded()
    }

    private mutating func add(t: Double, source: String, event: String, values: [String: JSONValue]) {
        lastTime = max(lastTime, t)
        let ts = Self.micros(t)
        switch (source, event) {
        case (_, "state") where source.hasPrefix("session") || source.hasPrefix("camera"):
            let state = values["state"]?.string ?? "?"
            slice(track(source), state, at: ts, ending: ["stopped", "idle"].contains(state))
        case (_, "ladder"):
            if let fps = values["fps"]?.number { counter("effective fps \(source)", ["fps": .double(fps)], at: ts) }
        case ("device", "state"), ("device", "added"):
            let id = values["id"]?.string ?? "?"
            let tid = track("device \(id)")
            if let link = values["link"]?.string, open[tid] != link { slice(tid, link, at: ts, ending: false) }
            if let battery = values["battery"]?.number { counter("battery \(id)", ["percent": .double(battery)], at: ts) }
            if let thermal = values["thermal"]?.string {
                counter("thermal \(id)", ["level": .integer(Int64(Self.thermalLevels.firstIndex(of: thermal) ?? 0))], at: ts)
            }
        case ("chaos", "fault"):
            let kind = values["kind"]?.string ?? "fault"
            let device = values["device"]?.string ?? ""
            faultSerial += 1
            openFaults["\(kind) \(device)", default: []].append(faultSerial)
            let tid = track(kind == "phone_call" ? "audio route" : "chaos")
            events.append(.record(["ph": "b", "cat": "fault", "name": kind, "id": faultSerial, "pid": Self.pid, "tid": tid, "ts": ts,
                           "args": values]))
            instant(tid, "fault: \(kind)", at: ts, values)
        case ("chaos", "clear"):
            let key = "\(values["kind"]?.string ?? "fault") \(values["device"]?.string ?? "")"
            guard var serials = openFaults[key], !serials.isEmpty else { return }
            let serial = serials.removeFirst()
            openFaults[key] = serials
            let kind = values["kind"]?.string ?? "fault"
            events.append(.record(["ph": "e", "cat": "fault", "name": kind, "id": serial, "pid": Self.pid,
                           "tid": track(kind == "phone_call" ? "audio route" : "chaos"), "ts": ts]))
        case ("audio", "route"):
            let output = values["output"]?.string ?? "none"
            slice(track("audio route"), "output: \(output)", at: ts, ending: output == "none")
            instant(track("audio route"), "route: \(values["reason"]?.string ?? "?")", at: ts, values)
        case (_, "capture"), (_, "photo"), (_, "error"), (_, "failed"), (_, "exit"), (_, "end"), ("audio", _):
            let name = event == "error" ? "\(values["domain"]?.string ?? "error").\(values["code"]?.string ?? "")" : event
            let tid = track(source == "audio" ? "audio route" : (source == "script" || source == "check" ? "run" : source))
            instant(tid, name, at: ts, values)
        case ("mock", _):
            if event == "bandwidth", let kbps = values["kbps"]?.number {
                counter("bandwidth kbps", [values["glasses"]?.string ?? "link": .double(kbps)], at: ts)
            }
            instant(track("device \(values["glasses"]?.string ?? "?")"), "mock: \(event)", at: ts, values)
        default:
            break
        }
    }

    private static let thermalLevels = ["unknown", "none", "light", "moderate", "severe", "critical", "emergency", "shutdown"]

    private static func micros(_ t: Double) -> Int { Int((t * 1_000_000).rounded()) }

    /// The track (thread id) named `name`, announced with its metadata on first use.
    private mutating func track(_ name: String) -> Int {
        if let tid = tracks[name] { return tid }
        let tid = tracks.count + 1
        tracks[name] = tid
        events.append(.record(["ph": "M", "name": "thread_name", "pid": Self.pid, "tid": tid, "args": ["name": name]]))
        events.append(.record(["ph": "M", "name": "thread_sort_index", "pid": Self.pid, "tid": tid, "args": ["sort_index": tid]]))
        return tid
    }

    /// Ends the track's open slice and begins `name`, unless `ending` (a terminal state shows as the gap after it).
    private mutating func slice(_ tid: Int, _ name: String, at ts: Int, ending: Bool) {
        if let previous = open[tid] {
            events.append(.record(["ph": "E", "name": previous, "pid": Self.pid, "tid": tid, "ts": ts]))
            open[tid] = nil
        }
        guard !ending else { return }
        events.append(.record(["ph": "B", "name": name, "pid": Self.pid, "tid": tid, "ts": ts]))
        open[tid] = name
    }

    private mutating func instant(_ tid: Int, _ name: String, at ts: Int, _ values: [String: JSONValue]) {
        events.append(.record(["ph": "i", "s": "t", "name": name, "pid": Self.pid, "tid": tid, "ts": ts, "args": values]))
    }

    private mutating func counter(_ name: String, _ values: [String: JSONValue], at ts: Int) {
        events.append(.record(["ph": "C", "name": name, "pid": Self.pid, "tid": 0, "ts": ts, "args": values]))
    }

    /// Closes what is still open at the trace's last time, so every B has its E and every b its e.
    private mutating func finish() {
        let ts = Self.micros(lastTime)
        for (tid, name) in open.sorted(by: { $0.key < $1.key }) {
            events.append(.record(["ph": "E", "name": name, "pid": Self.pid, "tid": tid, "ts": ts]))
        }
        open = [:]
        for (key, serials) in openFaults.sorted(by: { $0.key < $1.key }) {
            let kind = String(key.prefix { $0 != " " })
            for serial in serials {
                events.append(.record(["ph": "e", "cat": "fault", "name": kind, "id": serial, "pid": Self.pid,
                               "tid": track(kind == "phone_call" ? "audio route" : "chaos"), "ts": ts]))
            }
        }
        events.insert(.record(["ph": "M", "name": "process_name", "pid": Self.pid, "tid": 0, "args": ["name": "glasses run"]]), at: 0)
    }
}

public struct PerfettoExportError: Error, CustomStringConvertible {
    public let line: Int
    public let text: String
    public var description: String {
        "line \(line) is not a glasses trace record (\(text)); export a file written by glasses run --trace"
    }
}
