import MCP
import WearablesModel

/// `run_script`'s `world`: which glasses the simulated world holds, ready or not, and the
/// app's registration and permissions, mapped onto what `glasses run` already offers. The
/// ready world is `--world ready`; any other is `--world empty` set up by `mock` calls
/// (`mock.reset{...}`, then `mock.pair(model, {ready = ...})` per pair) that run before the
/// script, on its first line so that its line numbers stay as written.
struct WorldDescription: Equatable {
    struct Glasses: Equatable {
        var model: DeviceType
        var ready = true
        var imu = true
    }

    var glasses: [Glasses] = [Glasses(model: .rayBanMeta)]
    var registered = true
    var permissions = ["camera": "granted"]
    var metaAIInstalled = true

    /// The `ready` preset (`SimulatedWorld.ready`): one ready Ray-Ban Meta, registered, camera granted.
    static let ready = WorldDescription()

    /// The JSON schema of `world`.
    static let schema: [String: Value] = [
        "type": "object",
        "description": .string(
            "Which glasses the simulated world holds (default: the ready world, one ready Ray-Ban Meta, registered, camera "
                + "granted). E.g. {\"glasses\": [{\"model\": \"metaRayBanDisplay\"}]} for display glasses, {\"glasses\": []} "
                + "for none, {\"glasses\": [{\"model\": \"rayBanMeta\", \"ready\": false}], \"registered\": false} for a first run."),
        "properties": .object([
            "glasses": .object([
                "type": "array",
                "description": "The pairs, in pairing order (default one rayBanMeta).",
                "items": .object([
                    "type": "object",
                    "properties": .object([
                        "model": .object(["type": "string", "enum": .array(models.map { .string($0) })]),
                        "ready": .object(["type": "boolean", "description": "true (default): on, unfolded, worn, connected; false: out of the box."]),
                        "imu": .object(["type": "boolean", "description": "false: without motion sensors (default true)."]),
                    ]),
                    "required": ["model"],
                ]),
            ]),
            "registered": .object(["type": "boolean", "description": "Whether the app is registered with the Meta AI app (default true)."]),
            "permissions": .object([
                "type": "object",
                "description": "The permissions the app holds (default camera granted, microphone denied).",
                "properties": .object([
                    "camera": .object(["type": "string", "enum": ["granted", "denied"]]),
                    "microphone": .object(["type": "string", "enum": ["granted", "denied"]]),
                ]),
            ]),
            "meta_ai_installed": .object(["type": "boolean", "description": "false: the Meta AI app is missing, so registration is unavailable (default true)."]),
        ]),
    ]

    static let models = DeviceType.allCases.filter { $0 != .unknown }.map(\.rawValue)

    /// Reads `world`, refusing what the simulator cannot set up with a message that says what it takes.
    init(_ value: Value) throws(MCPToolError) {
        guard case .object(let fields) = value else { throw MCPToolError("world must be an object, e.g. {\"glasses\": [{\"model\": \"metaRayBanDisplay\"}]}") }
        try Self.refuseUnknown(fields, ["glasses", "registered", "permissions", "meta_ai_installed"], in: "world")
        if let glasses = fields["glasses"] {
            guard case .array(let items) = glasses else { throw MCPToolError("world.glasses must be an array of {model, ready, imu}") }
            guard items.count <= 8 else { throw MCPToolError("world.glasses holds \(items.count) pairs; at most 8") }
            self.glasses = try items.enumerated().map { (index, item) throws(MCPToolError) -> Glasses in
                let place = "world.glasses[\(index)]"
                guard case .object(let pair) = item else { throw MCPToolError("\(place) must be an object {model, ready, imu}") }
                try Self.refuseUnknown(pair, ["model", "ready", "imu"], in: place)
                guard let name = pair["model"]?.stringValue, let model = DeviceType(rawValue: name), model != .unknown else {
                    throw MCPToolError("\(place).model must be one of \(Self.models.joined(separator: ", "))\(pair["model"].map { " (got \($0))" } ?? "")")
                }
                return Glasses(model: model, ready: try Self.bool(pair["ready"], "\(place).ready") ?? true,
                               imu: try Self.bool(pair["imu"], "\(place).imu") ?? true)
            }
        }
        registered = try Self.bool(fields["registered"], "world.registered") ?? true
        metaAIInstalled = try Self.bool(fields["meta_ai_installed"], "world.meta_ai_installed") ?? true
        if let permissions = fields["permissions"] {
            guard case .object(let statuses) = permissions else { throw MCPToolError("world.permissions must be an object, e.g. {\"camera\": \"granted\"}") }
            try Self.refuseUnknown(statuses, ["camera", "microphone"], in: "world.permissions")
            for (name, status) in statuses {
                guard let status = status.stringValue, status == "granted" || status == "denied" else {
                    throw MCPToolError("world.permissions.\(name) must be \"granted\" or \"denied\"")
                }
                self.permissions[name] = status
            }
        }
    }

    private init() {}

    /// `glasses run`'s `--world`.
    var preset: String { self == .ready ? "ready" : "empty" }

    /// The Lua that sets an empty world up as described (nothing for the ready preset): one
    /// line, no newline, put before the script's first line.
    var setup: String {
        guard self != .ready else { return "" }
        let statuses = permissions.sorted { $0.key < $1.key }.map { "\($0.key) = \"\($0.value)\"" }.joined(separator: ", ")
        var calls = ["mock.reset{registered = \(registered), permissions = {\(statuses)}, meta_ai_installed = \(metaAIInstalled)}"]
        for pair in glasses {
            calls.append("mock.pair(\"\(pair.model.rawValue)\", {ready = \(pair.ready), imu = \(pair.imu)})")
        }
        return calls.joined(separator: " ") + "; "
    }

    /// `source` with `setup` before its first line (after a `#!` line, which Lua skips).
    func prefixed(_ source: String) -> String {
        let setup = setup
        guard !setup.isEmpty else { return source }
        guard source.hasPrefix("#"), let newline = source.firstIndex(of: "\n") else { return setup + source }
        return String(source[...newline]) + setup + source[source.index(after: newline)...]
    }

    /// What the run's answer says of the world.
    var summary: String {
        let pairs = glasses.isEmpty ? "no glasses"
            : glasses.map { "\($0.model.rawValue)\($0.ready ? "" : " (out of the box)")\($0.imu ? "" : " (no IMU)")" }.joined(separator: ", ")
        let permissionText = permissions.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
        return "\(pairs); \(registered ? "registered" : "not registered")\(metaAIInstalled ? "" : ", Meta AI app missing"); \(permissionText)"
    }

    private static func bool(_ value: Value?, _ name: String) throws(MCPToolError) -> Bool? {
        guard let value else { return nil }
        guard case .bool(let flag) = value else { throw MCPToolError("\(name) must be true or false") }
        return flag
    }

    private static func refuseUnknown(_ fields: [String: Value], _ known: [String], in place: String) throws(MCPToolError) {
        if let unknown = fields.keys.sorted().first(where: { !known.contains($0) }) {
            throw MCPToolError("\(place) has no field '\(unknown)'; it takes \(known.joined(separator: ", "))")
        }
    }
}
