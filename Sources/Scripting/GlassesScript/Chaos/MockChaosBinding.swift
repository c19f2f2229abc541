#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import LuaHost
import WearablesCore

/// `mock.chaos{...}`: seeded fault injection through the mock, here or over a connection.
/// The options table is read strictly (an unknown key or fault kind is refused by
/// name, with the valid ones), because a misspelled rate silently injecting
/// nothing would make a passing sweep prove nothing.
enum MockChaosBinding {
    static let options = ["rates", "durations", "min_gap", "devices", "span", "schedule", "save"]

    static func function(_ runtime: ScriptRuntime, _ mock: MockContext) -> LuaFunction {
        LuaFunction(
            name: "chaos",
            parameters: [LuaParameter("options", .record([
                .optional("rates", .record(ChaosKind.names.map { .optional($0, .number) })),
                .optional("durations", .record(ChaosKind.names.map {
                    .optional($0, .union([.number, .record([LuaParameter("min", .number), LuaParameter("max", .number)])]))
                })),
                .optional("min_gap", .number),
                .optional("devices", .array(.union([.named("MockGlasses"), .string]))), .optional("span", .number),
                .optional("schedule", .string), .optional("save", .string),
            ]))],
            returns: [.array(.table)],
            doc: "Seeded faults: `rates` per hour by kind (\(ChaosKind.names.joined(separator: ", "))), drawn from the run's seed "
                + "over `span` seconds (default --for, else 1 h), at least `min_gap` s apart; `schedule` replays a file, `save` writes one. "
                + "glasses run --faults FILE replays FILE instead. Returns the faults ({t, kind, device, duration})."
        ) { [unowned runtime] call in
            // The registry has checked it is a table.
            guard case .ref(let table) = try call.value(1) else {
                throw LuaArgumentError(argument: 1, message: "table expected, e.g. mock.chaos{rates = {fold = 4, disconnect = 10}}")
            }
            let fields = try entries(call, table, "options", allowed: options)
            let schedule: ChaosSchedule
            let origin: String
            if let path = runtime.options.faultsPath {
                schedule = try read(path)
                origin = "--faults"
            } else if let path = fields["schedule"] {
                guard let name = path.string else { throw LuaArgumentError(argument: 1, message: "field 'schedule': a file name expected") }
                let file = try runtime.reading(name, as: "a fault schedule")
                schedule = try read(file.path, checked: file.checked)
                origin = "file"
            } else {
                var plan = ChaosPlan(window: runtime.scheduler.now...(runtime.options.duration ?? ScriptRuntime.defaultHorizon))
                if let span = fields["span"] {
                    let seconds = try number(span, "span", atLeast: 0)
                    plan.window = runtime.scheduler.now...(runtime.scheduler.now + seconds)
                }
                if let rates = fields["rates"] { plan.rates = try kinds(call, rates, "rates") { try number($1, "rates.\($0.rawValue)", atLeast: 0) } }
                if let durations = fields["durations"] {
                    plan.durations = try kinds(call, durations, "durations") { kind, value in try range(call, value, "durations.\(kind.rawValue)") }
                }
                if let gap = fields["min_gap"] { plan.minimumGap = try number(gap, "min_gap", atLeast: 0) }
                plan.devices = try fields["devices"].map { try devices(call, $0) } ?? mock.control.paired.map(\.id)
                do { schedule = try plan.draw(seed: runtime.options.seed) } catch {
                    throw LuaArgumentError(argument: 1, message: "\(error)")
                }
                origin = "seed"
            }
            if let save = fields["save"] {
                guard let name = save.string else { throw LuaArgumentError(argument: 1, message: "field 'save': a file name expected") }
                let file = try runtime.currentPaths.writing(name)
                guard file.write(Array((schedule.json(pretty: true) + "\n").utf8)) else {
                    throw LuaError("mock.chaos: cannot write the fault schedule '\(name)': the disk refused it (full?)")
                }
            }
            // Pending faults keep the run going, as timers do, until the last one clears.
            let injector = ChaosInjector(world: runtime.world, control: mock.control)
            if let last = schedule.faults.map({ $0.t + $0.duration }).max() {
                injector.finished = { [weak runtime, unowned injector] in runtime?.release(injector) }
                runtime.keep(injector, "\(call.callerLine.map { "\($0): " } ?? "")mock.chaos{} (faults until \(ScriptRuntime.format(last)) s)")
            }
            injector.play(schedule, origin: origin)
            return .value(.array(schedule.faults.map { fault in
                .table(["t": .number(fault.t), "kind": .string(fault.kind.rawValue), "device": .string(fault.device), "duration": .number(fault.duration)])
            }))
        }
    }

    /// The schedule in `path`, opened by the name `opening` when given (an open descriptor's).
    private static func read(_ path: String, checked: CheckedFile? = nil) throws -> ChaosSchedule {
        let opening: String? = switch checked {
        case .held(let file): file.openedPath
        case .missing: nil
        case nil: path
        }
        guard let data = opening.flatMap({ FileManager.default.contents(atPath: $0) }) else {
            throw LuaError("mock.chaos: cannot read the fault schedule '\(path)': check the path (it is relative to the current folder)")
        }
        do { return try ChaosSchedule.read(data, from: path) } catch { throw LuaError("mock.chaos: \(error)") }
    }

    /// A table's string-keyed fields, refusing any key not in `allowed` with the list and the likely fix.
    private static func entries(_ call: LuaCall, _ table: LuaRef, _ what: String, allowed: [String]) throws -> [String: LuaValue] {
        guard let entries = try call.state.rawEntries(table) else {
            throw LuaArgumentError(argument: 1, message: "\(what == "options" ? "options" : "field '\(what)'"): a table expected")
        }
        var fields: [String: LuaValue] = [:]
        for (key, value) in entries {
            guard let name = key.string, allowed.contains(name) else {
                let shown = key.string.map { "'\($0)'" } ?? "a non-string key"
                let hint = key.string.flatMap(ChaosKind.init(rawValue:)).map { "; fault kinds go in rates, e.g. rates = {\($0.rawValue) = 4}" } ?? ""
                throw LuaArgumentError(argument: 1, message: "unknown \(what) key \(shown) (expected one of: \(allowed.joined(separator: ", ")))\(hint)")
            }
            fields[name] = value
        }
        return fields
    }

    private static func kinds<T>(_ call: LuaCall, _ value: LuaValue, _ what: String, _ read: (ChaosKind, LuaValue) throws -> T) throws -> [ChaosKind: T] {
        guard case .ref(let table) = value else {
            throw LuaArgumentError(argument: 1, message: "field '\(what)': a table by fault kind expected, e.g. \(what) = {fold = 4}")
        }
        var result: [ChaosKind: T] = [:]
        for (name, item) in try entries(call, table, what, allowed: ChaosKind.names) {
            guard let kind = ChaosKind(rawValue: name) else { continue }
            result[kind] = try read(kind, item)
        }
        return result
    }

    private static func number(_ value: LuaValue, _ what: String, atLeast low: Double) throws -> Double {
        guard let number = value.number, number.isFinite, number >= low else {
            throw LuaArgumentError(argument: 1, message: "field '\(what)': a finite number >= \(String(cFormat: "%g", low)) expected, got \(describe(value))")
        }
        return number
    }

    /// A duration: a fixed number of seconds, or `{min =, max =}` (drawn log-uniformly).
    private static func range(_ call: LuaCall, _ value: LuaValue, _ what: String) throws -> ClosedRange<Double> {
        if value.number != nil {
            let seconds = try number(value, what, atLeast: 0)
            return seconds...seconds
        }
        guard case .ref(let table) = value else {
            throw LuaArgumentError(argument: 1, message: "field '\(what)': seconds or {min = s, max = s} expected, got \(describe(value))")
        }
        let fields = try entries(call, table, what, allowed: ["min", "max"])
        let low = try number(fields["min"] ?? .nil, "\(what).min", atLeast: 0)
        let high = try number(fields["max"] ?? .nil, "\(what).max", atLeast: low)
        return low...high
    }

    private static func devices(_ call: LuaCall, _ value: LuaValue) throws -> [String] {
        guard case .ref(let table) = value else {
            throw LuaArgumentError(argument: 1, message: "field 'devices': an array of MockGlasses or ids expected, e.g. devices = {mock.paired()[1]}")
        }
        guard let entries = try call.state.rawEntries(table) else {
            throw LuaArgumentError(argument: 1, message: "field 'devices': an array of MockGlasses or ids expected, e.g. devices = {mock.paired()[1]}")
        }
        let items = entries.compactMap { entry -> (Int64, LuaValue)? in
            if case .integer(let index) = entry.key { return (index, entry.value) }
            return nil
        }.sorted { $0.0 < $1.0 }
        return try items.map { _, item in
            if case .object(let object) = item, let glasses = object as? MockGlassesHandle { return glasses.id }
            if let id = item.string { return id }
            throw LuaArgumentError(argument: 1, message: "field 'devices': MockGlasses or an id string expected, got \(describe(item))")
        }
    }

    private static func describe(_ value: LuaValue) -> String {
        switch value {
        case .nil: "nil"
        case .boolean(let b): "\(b)"
        case .integer(let i): "\(i)"
        case .number(let n): String(cFormat: "%g", n)
        case .string(let s): "'\(s)'"
        default: "a \(String(describing: value).prefix(while: { $0 != "(" }))"
        }
    }
}
