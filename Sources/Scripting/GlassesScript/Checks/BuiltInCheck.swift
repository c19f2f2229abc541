import WearablesCore

/// A check the host knows by name (`expect("photos_resolve")`): it follows the
/// run's events and answers a problem, now or at a time it asks to look again.
protocol BuiltInCheck: AnyObject {
    var name: String { get }
    /// Sees one event; returns a problem to fail now. `schedule(delay, verify)` asks to
    /// run `verify` `delay` seconds later, when a nil answer means all is well.
    func observe(_ record: TraceRecord, schedule: (_ delay: Double, _ verify: @escaping () -> String?) -> Void) -> String?
}

enum BuiltInChecks {
    /// The names `expect` knows, with what each promises, for help and messages.
    static let catalogue: [(name: String, doc: String)] = [
        ("photos_resolve", "every accepted capture ends in a photo or a PhotoError within 15 s"),
        ("restart_gap", "no session starts within 2 s (or the number given) of one on the same glasses stopping"),
        ("streaming_within", "a camera is streaming within 10 s (or the number given) of the last chaos fault clearing"),
    ]
    static var names: [String] { catalogue.map(\.name) }

    static func make(_ name: String, parameter: Double?) -> BuiltInCheck? {
        switch name {
        case "photos_resolve": PhotosResolve()
        case "restart_gap": RestartGap(gap: parameter ?? 2)
        case "streaming_within": StreamingWithin(bound: parameter ?? 10)
        default: nil
        }
    }
}

/// Every capture a camera accepted (`capture`) gets its `photo` or a `PhotoError`:
/// DAT's promise for `capturePhoto`, whose timeout is 10 s.
final class PhotosResolve: BuiltInCheck {
    let name = "photos_resolve"
    static let bound = 15.0
    private var pending: [String: Int] = [:]
    private var serial = 0

    func observe(_ record: TraceRecord, schedule: (Double, @escaping () -> String?) -> Void) -> String? {
        guard record.source.hasPrefix("camera") else { return nil }
        switch record.event {
        case "capture":
            serial += 1
            let mine = serial, camera = record.source, accepted = record.time
            pending[camera] = mine
            schedule(Self.bound) { [weak self] in
                guard self?.pending[camera] == mine else { return nil }
                return "the capture \(camera) accepted at \(ScriptRuntime.format(accepted)) s had neither a photo nor a PhotoError \(Int(Self.bound)) s later"
            }
        case "photo":
            pending[record.source] = nil
        case "error" where record.string("domain") == "PhotoError":
            pending[record.source] = nil
        default:
            break
        }
        return nil
    }
}

/// The 2 s rule: a session started soon after one on the same glasses stopped can leave real glasses stuck.
final class RestartGap: BuiltInCheck {
    let name = "restart_gap"
    let gap: Double
    private var lastStop: [String: Double] = [:]

    init(gap: Double) { self.gap = gap }

    func observe(_ record: TraceRecord, schedule: (Double, @escaping () -> String?) -> Void) -> String? {
        // `session3`, not `session3.speech`: a capability that stops and starts again within its
        // session is no session restart.
        guard record.source.hasPrefix("session"), !record.source.contains("."), record.event == "state" else { return nil }
        let device = record.string("device")
        switch record.string("state") {
        case "stopped":
            lastStop[device ?? "?"] = record.time
        case "starting":
            // A session names its glasses once it has them; before that, any glasses' last stop counts.
            let stop = device.map { lastStop[$0] } ?? lastStop.values.max()
            if let stop, record.time - stop < gap {
                return "\(record.source) started at \(ScriptRuntime.format(record.time)) s, \(ScriptRuntime.format(record.time - stop)) s "
                    + "after a session\(device.map { " on \($0)" } ?? "") stopped; wait at least \(ScriptRuntime.format(gap)) s between a stop and a start"
            }
        default:
            break
        }
        return nil
    }
}

/// Recovery: once the last chaos fault has cleared, some camera streams again within `bound` seconds.
final class StreamingWithin: BuiltInCheck {
    let name = "streaming_within"
    let bound: Double
    private var active = 0
    private var generation = 0
    private var streamingSinceClear = false
    private var cameras: [String: String] = [:]

    init(bound: Double) { self.bound = bound }

    func observe(_ record: TraceRecord, schedule: (Double, @escaping () -> String?) -> Void) -> String? {
        if record.source.hasPrefix("camera"), record.event == "state", let state = record.string("state") {
            cameras[record.source] = state
            if state == "streaming" { streamingSinceClear = true }
        }
        guard record.source == "chaos" else { return nil }
        switch record.event {
        case "fault":
            active += 1
            generation += 1
        case "clear":
            active = max(0, active - 1)
            guard active == 0 else { return nil }
            let mine = generation, cleared = record.time, kind = record.string("kind") ?? "fault"
            streamingSinceClear = cameras.values.contains("streaming")
            schedule(bound) { [weak self] in
                guard let self, self.generation == mine, !self.streamingSinceClear else { return nil }
                return "no camera streamed within \(ScriptRuntime.format(self.bound)) s of the \(kind) that cleared at \(ScriptRuntime.format(cleared)) s"
            }
        default:
            break
        }
        return nil
    }
}
