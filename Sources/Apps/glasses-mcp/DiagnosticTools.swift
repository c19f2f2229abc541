import Foundation
import GlassesScript
import MCP
import RecipeLockFile

/// The diagnostic tools over a served world (`glasses mcp --connect URL`), named and shaped as
/// Meta's DAT debugging skill names its own: the SDK's state, what blocks DAT readiness, a
/// bounded wait for events, and a bundle of trace and state written to a file.
final class DiagnosticTools: Sendable {
    static let names = ["get_sdk_state", "get_dat_readiness", "wait_for_events", "export_diagnostic_bundle"]

    static let list = [
        Tool(
            name: "get_sdk_state",
            description: "The served world's state now: registration, permissions, each pair's device state (link, worn, hinges, battery, "
                + "thermal, compatibility), the sessions clients hold and each pair's capabilities (camera, display, motion, speech, voice).",
            inputSchema: MCPTools.schema([:], required: [])),
        Tool(
            name: "get_dat_readiness",
            description: "Whether an app can start a DAT session and stream now, and if not what blocks it (Meta AI app, registration, "
                + "camera permission, paired, powered, hinges, link, worn, compatibility, a too-quick restart, heat, battery), each with its fix.",
            inputSchema: MCPTools.schema(
                ["device": ["type": "string", "description": "Only this pair (an id from get_sdk_state); default every pair."]], required: [])),
        Tool(
            name: "wait_for_events",
            description: "Wait (wall time, bounded) for events of the served world by name: a wire event type (registration, device, "
                + "device_removed, permission, session, input, input_event, display, transcription, voice_invocation, mock_glasses, ...), "
                + "'type.event' for a kind of one (session.paused, session.ended, display.tap), or connection (ours). Returns the matching "
                + "events, numbered; pass the answer's next as since to go on where it left off.",
            inputSchema: MCPTools.schema([
                "events": ["type": "array", "items": ["type": "string"], "description": "The names to wait for; empty or absent: any event."],
                "device": ["type": "string", "description": "Only events about this pair."],
                "count": ["type": "integer", "description": "How many matching events to wait for (1 to 100; default 1)."],
                "timeout": ["type": "number", "description": "Wall seconds to wait at most (0 to 60; default 10)."],
                "since": ["type": "integer", "description": "Count events from this number on (an earlier answer's next; 0: every event kept); default: only events after this call."],
            ], required: [])),
        Tool(
            name: "export_diagnostic_bundle",
            description: "Write a diagnostic bundle (the state, the readiness, and the trace of every event this server saw from the "
                + "served world) to a JSON file in the server's bundle folder; returns its path and a summary.",
            inputSchema: MCPTools.schema([:], required: [])),
    ]

    /// The most events an answer lists *(ours)*; the bundle has them all.
    static let maxListed = 100

    let world: ServedWorld
    /// Where bundles are written: the user's choice (`--bundle-dir`), never the client's.
    let bundleFolder: String

    init(world: ServedWorld, bundleFolder: String) {
        self.world = world
        self.bundleFolder = bundleFolder
    }

    func call(_ name: String, _ arguments: [String: Value]) async throws -> String {
        switch name {
        case "get_sdk_state": return Self.json(try await state())
        case "get_dat_readiness": return try await readiness(device: arguments["device"].map { value throws(MCPToolError) in
                guard let id = value.stringValue else { throw MCPToolError("device must be a string, an id from get_sdk_state") }
                return id
            })
        case "wait_for_events": return try await waitForEvents(arguments)
        default: return try await exportBundle()
        }
    }

    // MARK: Tools

    /// `/v1/health` and `/v1/devices` joined: each pair with whether a client holds its session and its capabilities.
    private func state() async throws -> Value {
        let (health, devices) = try await fetch()
        let sessions = Set(health["sessions"]?.arrayValue?.compactMap(\.stringValue) ?? [])
        let connection = world.log.connection
        var fields = health
        fields.removeValue(forKey: "devices")
        fields["server"] = .string(world.httpURL)
        fields["events_connection"] = .string(connection.state + (connection.problem.map { ": \($0)" } ?? ""))
        fields["devices"] = .array(devices.map { device in
            guard var info = device.objectValue, let id = info["id"]?.stringValue else { return device }
            info["session"] = .string(sessions.contains(id) ? "held by a client" : "none")
            info["capabilities"] = .object(Self.capabilities(info))
            return .object(info)
        })
        return .object(fields)
    }

    private func readiness(device: String?) async throws -> String {
        let (health, devices) = try await fetch()
        let chosen = device.map { id in devices.filter { $0.objectValue?["id"]?.stringValue == id } } ?? devices
        if let device, chosen.isEmpty {
            let ids = devices.compactMap { $0.objectValue?["id"]?.stringValue }
            throw MCPToolError("no pair '\(device)' in the served world; its pairs: \(ids.isEmpty ? "none" : ids.joined(separator: ", "))")
        }
        let readiness = Readiness(health: health, devices: chosen)
        let head = readiness.ready ? "ready: an app can start a session and stream now"
            : "not ready:\n" + readiness.blockers.map { "- \($0)" }.joined(separator: "\n")
        return head + "\n" + Self.json(readiness.value)
    }

    private func waitForEvents(_ arguments: [String: Value]) async throws -> String {
        let names = try arguments["events"].map { value throws(MCPToolError) -> [String] in
            let names = value.arrayValue?.compactMap(\.stringValue)
            guard let names, names.count == value.arrayValue?.count else {
                throw MCPToolError("events must be an array of names, e.g. [\"session\", \"device\"]")
            }
            return names
        } ?? []
        let device = arguments["device"]?.stringValue
        let count = arguments["count"].map { $0.intValue ?? -1 } ?? 1
        guard (1...100).contains(count) else { throw MCPToolError("count must be a whole number from 1 to 100") }
        let timeout = arguments["timeout"].map { $0.doubleValue ?? $0.intValue.map(Double.init) ?? .nan } ?? 10
        guard timeout >= 0, timeout <= 60 else { throw MCPToolError("timeout must be 0 to 60 (wall seconds)") }
        let since = try arguments["since"].map { value throws(MCPToolError) -> Int in
            guard let number = value.intValue, number >= 0 else { throw MCPToolError("since must be a whole number >= 0 (an earlier answer's next)") }
            return number
        } ?? world.log.next
        let matches: ([EventLog.Entry]) -> [EventLog.Entry] = { entries in
            entries.filter { Self.matches($0.event, names: names, device: device) }
        }
        let (entries, held) = await world.log.wait(since: since, seconds: timeout) { matches($0).count >= count }
        try Task.checkCancellation()
        let found = matches(entries)
        let listed = Array(found.prefix(Self.maxListed))
        let next = (listed.count == found.count ? entries.last?.number : listed.last?.number).map { $0 + 1 } ?? since
        let connection = world.log.connection
        var head = held ? "\(found.count) matching event\(found.count == 1 ? "" : "s")"
            : "timed out after \(timeout) s: \(found.count) of \(count) matching events"
        if found.count > listed.count { head += " (the first \(listed.count) listed)" }
        if connection.state != "connected" { head += "; the events connection is \(connection.state)\(connection.problem.map { ": \($0)" } ?? "")" }
        let answer: Value = .object([
            "timed_out": .bool(!held),
            "next": .int(next),
            "events": .array(listed.map(Self.value)),
        ])
        return head + "\n" + Self.json(answer)
    }

    private func exportBundle() async throws -> String {
        let state: Value
        let readiness: Value
        do {
            let (health, devices) = try await fetch()
            state = try await self.state()
            readiness = Readiness(health: health, devices: devices).value
        } catch let error as MCPToolError {
            state = .object(["error": .string(error.message)])
            readiness = .object(["error": .string(error.message)])
        }
        let entries = world.log.entries()
        let connection = world.log.connection
        let bundle: Value = .object([
            "bundle": "glasses diagnostic bundle",
            "version": .string(GlassesVersion.current),
            "exported_at": .string(Date.now.formatted(.iso8601)),
            "server": .string(world.httpURL),
            "world_time": world.log.time.map { .double($0) } ?? .null,
            "events_connection": .string(connection.state + (connection.problem.map { ": \($0)" } ?? "")),
            "hello": world.log.hello.map { .object($0) } ?? .null,
            "state": state,
            "readiness": readiness,
            "trace_dropped": .int(world.log.dropped),
            "trace": .array(entries.map(Self.value)),
        ])
        try FileManager.default.createDirectory(atPath: bundleFolder, withIntermediateDirectories: true)
        let stamp = Date.now.formatted(.iso8601).replacingOccurrences(of: ":", with: "")
        let path = bundleFolder + "/glasses-diagnostics-\(stamp)-\(UUID().uuidString.prefix(8)).json"
        guard FileManager.default.createFile(atPath: path, contents: Data(Self.json(bundle).utf8)) else {
            throw MCPToolError("cannot write \(path): name a folder you can write to with glasses mcp --bundle-dir DIR")
        }
        let ready = readiness.objectValue?["ready"]?.boolValue
        let blockers = readiness.objectValue?["blockers"]?.arrayValue?.count ?? 0
        let devices = state.objectValue?["devices"]?.arrayValue?.count ?? 0
        return """
            path: \(path)
            summary: \(devices) pair\(devices == 1 ? "" : "s"); \(ready == true ? "ready" : ready == false ? "not ready (\(blockers) blocker\(blockers == 1 ? "" : "s"))" : "state unavailable"); \
            trace of \(entries.count) events\(world.log.dropped > 0 ? " (\(world.log.dropped) older ones dropped)" : "") since this server connected; \
            events connection \(connection.state)
            """
    }

    // MARK: Pieces

    private func fetch() async throws -> (health: [String: Value], devices: [Value]) {
        async let health = world.get("/v1/health")
        async let devices = world.get("/v1/devices")
        guard let fields = try await health.objectValue, let list = try await devices.objectValue?["devices"]?.arrayValue else {
            throw MCPToolError("\(world.httpURL) answered /v1/health or /v1/devices in a shape this server does not know; is it a glasses serve?")
        }
        return (fields, list)
    }

    /// What each pair can offer an app, from its mock state.
    private static func capabilities(_ device: [String: Value]) -> [String: Value] {
        var capabilities: [String: Value] = [
            "camera": true,
            "display": .bool(device["type"]?.stringValue == "metaRayBanDisplay"),
            "motion": .bool(device["imu"]?.boolValue ?? true),
            "speech_listening": .bool(device["speech_listening"]?.boolValue ?? false),
            "voice_listening": .bool(device["voice_listening"]?.boolValue ?? false),
        ]
        if let display = device["display"] { capabilities["display_state"] = display }
        return capabilities
    }

    static func matches(_ event: [String: Value], names: [String], device: String?) -> Bool {
        if let device, event["device"]?.stringValue != device, event["device"]?.objectValue?["id"]?.stringValue != device,
           event["glasses"]?.objectValue?["id"]?.stringValue != device {
            return false
        }
        guard !names.isEmpty else { return true }
        let type = event["type"]?.stringValue ?? ""
        let kind = event["event"]?.stringValue ?? event["state"]?.stringValue
        return names.contains { $0 == type || (kind != nil && $0 == "\(type).\(kind!)") }
    }

    private static func value(_ entry: EventLog.Entry) -> Value {
        .object(["n": .int(entry.number), "time": .double((entry.time * 1000).rounded() / 1000), "event": .object(entry.event)])
    }

    static func json(_ value: Value) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(value)).map { String(decoding: $0, as: UTF8.self) } ?? "\(value)"
    }
}
