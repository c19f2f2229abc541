#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import LuaHost
import WearablesCore
import WearablesDisplay
import WearablesMock

/// The `.` commands: help from the binding registry, the world summary, loading
/// a script into the live world, live tracing and quitting.
extension ReplSession {
    static let commandHelp = """
        .help [NAME]     modules and globals; with NAME (wearables.session, Camera:start) its signature and doc
        .world           glasses (link, don, hinge, what they can do: camera, display, inputs, motion, speech,
                         Hey Meta), each session's capabilities, registration, audio route
        .load FILE       run a Lua file in the live world (its exit() ends the file, not the REPL)
        .trace on|off    print world events as they happen
        .quit            leave (Ctrl-D too)
        """

    /// Runs a `.command`; true when it started a chunk (which calls ready itself).
    func runCommand(_ line: String) -> Bool {
        let words = line.split(whereSeparator: \.isWhitespace).map(String.init)
        let argument = words.dropFirst().joined(separator: " ")
        switch words.first ?? "" {
        case ".help": output.standard(help(argument.isEmpty ? nil : argument) + "\n")
        case ".world": output.standard(worldSummary() + "\n")
        case ".load": return load(argument)
        case ".trace": trace(argument)
        case ".quit", ".exit": quit(.success)
        default:
            output.error("unknown command '\(words.first ?? line)'; the commands are:\n\(Self.commandHelp)\n")
        }
        return false
    }

    // MARK: .help

    func help(_ name: String?) -> String {
        let bindings = runtime.state.bindings
        guard let name else {
            var lines = ["Modules (.help NAME for details):"]
            lines += bindings.modules.map { "  \(pad($0.name, 12)) \($0.doc)" }
            lines.append("Globals:")
            lines += bindings.globals.map { "  \(pad($0.name, 12)) \($0.doc)" }
            lines.append("Classes: " + bindings.classes.map(\.name).joined(separator: ", "))
            if !bindings.records.isEmpty { lines.append("Tables: " + bindings.records.map(\.name).joined(separator: ", ")) }
            lines.append("Commands:")
            lines.append(Self.commandHelp)
            return lines.joined(separator: "\n")
        }
        if let module = bindings.modules.first(where: { $0.name == name }) {
            return ([module.name + ": " + module.doc] + module.functions.map { "  \($0.signature)\n      \($0.doc)" })
                .joined(separator: "\n")
        }
        if let class_ = bindings.classes.first(where: { $0.name == name }) {
            return ([class_.name + ": " + class_.doc]
                + class_.fields.map { "  .\($0.name): \($0.type.text)  \($0.doc)" }
                + bindings.methods(of: class_).map { "  \($0.signature)\n      \($0.doc)" }).joined(separator: "\n")
        }
        if let function = bindings.globals.first(where: { $0.name == name }) { return describe(function) }
        if let record = bindings.record(named: name) { return describe(record) }
        if let separator = name.firstIndex(where: { $0 == "." || $0 == ":" }) {
            let owner = String(name[..<separator])
            let member = String(name[name.index(after: separator)...])
            if let function = bindings.modules.first(where: { $0.name == owner })?.functions.first(where: { $0.name == member }) {
                return describe(function)
            }
            if let class_ = bindings.classes.first(where: { $0.name == owner }) {
                if let method = bindings.methods(of: class_).first(where: { $0.name == member }) { return describe(method) }
                if let field = class_.fields.first(where: { $0.name == member }) {
                    return "\(owner).\(field.name): \(field.type.text)\n  \(field.doc)"
                }
            }
        }
        return "no module, function or class named '\(name)'; .help lists them"
    }

    /// A function; for a parameter that takes table shapes (a display tree), how each is written.
    private func describe(_ function: LuaBindings.Function) -> String {
        var lines = ["\(function.signature)", "  \(function.doc)"]
        let bindings = runtime.state.bindings
        for parameter in function.parameters {
            guard case .alias(let alias, .union(let members)) = parameter.type else { continue }
            let records = members.compactMap { member -> LuaRecordType? in
                if case .named(let name) = member { return bindings.record(named: name) }
                return nil
            }
            guard !records.isEmpty else { continue }
            lines.append("  \(parameter.name): a \(alias), one of (.help NAME for a component's fields, defaults and limits):")
            lines += records.map { "    \($0.shape)" }
        }
        return lines.joined(separator: "\n")
    }

    /// A table shape: how it is written, then each field with its type, default and limits.
    private func describe(_ record: LuaRecordType) -> String {
        var lines = ["\(record.name): \(record.doc)", "  \(record.shape)"]
        for field in record.fields {
            let parameter = field.parameter
            var facts: [String] = parameter.isOptional ? [] : ["required"]
            if let fallback = parameter.defaultText { facts.append("default \(fallback)") }
            if let range = parameter.rangeText { facts.append(range) }
            if let limit = field.limit { facts.append(limit) }
            var type = parameter.type.spellingOutLiterals.text
            if case .alias(let name, .strings(let values)) = parameter.type, values.count > 12 { type = "\(name) (\(values.count) names: \(values.joined(separator: ", ")))" }
            lines.append("  .\(parameter.name)\(parameter.isOptional ? "?" : ""): \(type)" + (facts.isEmpty ? "" : " (\(facts.joined(separator: "; ")))") + "  \(field.doc)")
        }
        return lines.joined(separator: "\n")
    }

    private func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
    }

    // MARK: .world

    func worldSummary() -> String {
        let world = runtime.world
        let wearables = world.wearables
        var lines = [
            "time \(String(cFormat: "%.3f", runtime.scheduler.now)) s on the \(runtime.scheduler.clock.rawValue) clock",
            "app \(wearables.registrationState.name), camera permission \(wearables.checkPermissionStatus(.camera).name)",
        ]
        if let mock = world.mock {
            let paired = mock.paired
            if paired.isEmpty { lines.append("no glasses paired (mock.pair() pairs a Ray-Ban Meta)") }
            for glasses in paired {
                let power = glasses.powered ? "on" : "off"
                lines.append(
                    "glasses \(glasses.model.name) \(glasses.id): power \(power), link \(glasses.device.linkState.name), "
                        + "\(glasses.device.donState.name), hinge \(glasses.device.hingeState.name), battery \(glasses.battery)%, "
                        + "thermal \(glasses.thermal.name)")
                lines.append("  can: " + capabilities(of: glasses).joined(separator: ", "))
                lines += sessionLine(on: glasses.id)
            }
        } else {
            lines.append("world at \(world.location)")
            if wearables.deviceList.isEmpty { lines.append("no glasses linked") }
            for device in wearables.deviceList {
                lines.append(
                    "glasses \(device.type.name) \(device.identifier): link \(device.linkState.name), "
                        + "\(device.donState.name), hinge \(device.hingeState.name), "
                        + "battery \(device.batteryLevel.map { "\($0)%" } ?? "unknown"), thermal \(device.thermalLevel.name)")
                lines.append("  can: camera, " + (device.supportsDisplay ? "display" : "no display") + ", inputs, motion, speech, Hey Meta")
                lines += sessionLine(on: device.identifier)
            }
        }
        let audio = world.audio
        let inputs = audio.route.inputs.map(\.type.rawValue).joined(separator: ",")
        let outputs = audio.route.outputs.map(\.type.rawValue).joined(separator: ",")
        lines.append("audio \(audio.isActive ? "active" : "inactive"), route in [\(inputs)] out [\(outputs)]")
        lines += objects(of: ["DeviceSession", "Camera", "Display", "Inputs", "Motion", "Speech", "VoiceInvocationsStream"])
        return lines.joined(separator: "\n")
    }

    /// What the simulated glasses offer a session, with the mock's state of each.
    private func capabilities(of glasses: MockGlassesState) -> [String] {
        var can = ["camera"]
        if let display = glasses.display {
            let shown = display.content.map { "showing \($0.ids.count) components" } ?? "empty"
            can.append("display (\(display.isOn ? "on, \(shown)" : "off"))")
        } else {
            can.append("no display (\(DeviceType.metaRayBanDisplay.marketingName) has one: mock.pair(\"metaRayBanDisplay\"))")
        }
        can.append("inputs")
        can.append(glasses.hasIMU ? "motion (pose \(glasses.motionPose ?? "from a feed"))" : "no motion sensors")
        can.append("speech (\(glasses.speechSource.name), \(glasses.speechListening ? "listening" : "not listening"))")
        can.append("Hey Meta (\(glasses.voiceListening ? "an app listens" : "no app listens"))")
        return can
    }

    /// The session holding the glasses and each capability it holds, with its state.
    private func sessionLine(on device: DeviceIdentifier) -> [String] {
        guard let session = runtime.world.wearables.session(holding: device) else { return ["  no session"] }
        var held: [String] = []
        if let camera = session.camera, !camera.isRemoved { held.append("camera \(camera.state.name)") }
        if let display = session.display {
            held.append("display \(display.state.name)" + (display.content.map { " showing \($0.ids.count) components" } ?? ""))
        }
        if let inputs = session.inputs { held.append("inputs \(inputs.state.name)") }
        if let motion = session.motion { held.append("motion \(motion.state.name)") }
        if let speech = session.speech { held.append("speech \(speech.state.name)") }
        return ["  session \(session.state.name): " + (held.isEmpty ? "no capabilities" : held.joined(separator: ", "))]
    }

    /// Globals holding sessions and cameras, so `.world` shows what the user made.
    private func objects(of classes: [String]) -> [String] {
        let names = LuaValue.array(classes.map(LuaValue.string))
        guard case .string(let text)? = try? runtime.state.call(support.globalsOfClass, [names]).first, !text.isEmpty
        else { return ["no sessions or capabilities in globals"] }
        return text.split(separator: "\n").map(String.init)
    }

    // MARK: .load, .trace

    private func load(_ path: String) -> Bool {
        guard !path.isEmpty else {
            output.error(".load needs a file: .load examples/quickstart.lua\n")
            return false
        }
        do {
            let chunk = try runtime.state.loadFile(path)
            loadedFile = path
            loadedFiles.insert(path)
            start(chunk)
            return true
        } catch {
            output.error("\(error.message)\n")
            return false
        }
    }

    private func trace(_ argument: String) {
        switch argument {
        case "on":
            guard !isTracing else { return }
            isTracing = true
            sinkBeforeTracing = runtime.trace.sink
            let previous = sinkBeforeTracing
            let output = output
            runtime.trace.sink = { line in
                previous?(line)
                output.standard("trace " + line + (line.hasSuffix("\n") ? "" : "\n"))
            }
        case "off":
            guard isTracing else { return }
            isTracing = false
            runtime.trace.sink = sinkBeforeTracing
        default:
            output.error(".trace takes on or off\n")
        }
    }
}
