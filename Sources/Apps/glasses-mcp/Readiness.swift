import MCP

/// What stands between an app and a working DAT session on a served world, check by check,
/// each failing one with the fix: the app's side (the Meta AI app, registration, the camera
/// permission) and each pair's (paired, powered, unfolded, connected, worn, compatible, not
/// stuck after a too-quick restart, not too hot, battery), as the simulator applies DAT's
/// rules (docs/fidelity.md). Read from `/v1/health` and `/v1/devices`.
struct Readiness {
    struct Check {
        let name: String
        let passed: Bool
        let state: String
        /// Blocks a session (else only a camera stream, or a capability).
        let blocks: String
        let fix: String

        var value: Value {
            var fields: [String: Value] = ["check": .string(name), "ok": .bool(passed), "state": .string(state), "blocks": .string(blocks)]
            if !passed { fields["fix"] = .string(fix) }
            return .object(fields)
        }
    }

    var app: [Check] = []
    var devices: [(id: String, type: String, checks: [Check])] = []

    init(health: [String: Value], devices list: [Value]) {
        let registration = health["registration"]?.stringValue ?? "unknown"
        let permissions = health["permissions"]?.objectValue ?? [:]
        app.append(Check(
            name: "meta_ai_installed", passed: registration != "unavailable", state: registration == "unavailable" ? "missing" : "installed",
            blocks: "registration", fix: "install the Meta AI app (on the simulator: POST /v1/reset {\"installed\": true}, or mock.reset{meta_ai_installed = true})"))
        app.append(Check(
            name: "registered", passed: registration == "registered", state: registration, blocks: "sessions",
            fix: registration == "registering"
                ? "the registration waits in the Meta AI app: accept it there (mock.companion.continue_request(\"registration\") or POST /v1/companion/continue)"
                : "register the app: wearables.register() (DAT startRegistration), which opens the Meta AI app"))
        let camera = permissions["camera"]?.stringValue ?? "unknown"
        app.append(Check(
            name: "camera_permission", passed: camera == "granted", state: camera, blocks: "camera streams and photos",
            fix: "ask for it: wearables.request_permission(\"camera\"), which the Meta AI app answers (on the simulator: POST /v1/permissions {\"permission\": \"camera\", \"status\": \"granted\"})"))
        app.append(Check(
            name: "glasses_paired", passed: !list.isEmpty, state: "\(list.count) paired", blocks: "sessions",
            fix: "pair glasses in the Meta AI app (on the simulator: POST /v1/devices/pair {\"model\": \"rayBanMeta\"}, or mock.pair())"))
        for device in list {
            guard let fields = device.objectValue, let id = fields["id"]?.stringValue else { continue }
            devices.append((id, fields["type"]?.stringValue ?? "unknown", Self.checks(id, fields)))
        }
    }

    private static func checks(_ id: String, _ device: [String: Value]) -> [Check] {
        func text(_ key: String) -> String { device[key]?.stringValue ?? device[key].map { "\($0)" } ?? "unknown" }
        let body = "{\"device\": \"\(id)\"}"
        let powered = device["powered"]?.boolValue ?? true
        let link = text("link"), hinge = text("hinge"), don = text("don"), compatibility = text("compatibility"), thermal = text("thermal")
        let battery = device["battery"]?.intValue ?? 100
        let stuck = device["stuck"]?.boolValue ?? false
        return [
            Check(name: "powered", passed: powered, state: powered ? "on" : "off", blocks: "sessions",
                  fix: "power them on (glasses:power_on(), or POST /v1/devices/power_on \(body))"),
            Check(name: "hinges_open", passed: hinge == "open", state: hinge, blocks: "sessions (closing the hinges ends them)",
                  fix: "unfold them (glasses:unfold(), or POST /v1/devices/unfold \(body))"),
            Check(name: "connected", passed: link == "connected", state: link, blocks: "sessions",
                  fix: link == "connecting" ? "wait: the link is connecting (a device event says when it is up)"
                      : "bring them in range, powered and unfolded (a link drop, POST /v1/devices/disconnect, ends by itself)"),
            Check(name: "donned", passed: don == "donned", state: don, blocks: "streams (doffed: after 3 s the camera stops and the session pauses; it stops after 30 s)",
                  fix: "put them on (glasses:don(), or POST /v1/devices/don \(body))"),
            Check(name: "compatible", passed: compatibility == "compatible", state: compatibility, blocks: "sessions",
                  fix: compatibility == "deviceUpdateRequired" ? "update the glasses' firmware: wearables.open_firmware_update()"
                      : compatibility == "sdkUpdateRequired" ? "update the glasses' DAT app: wearables.open_glasses_app_update()"
                      : "wait until they are connected: compatibility is known then"),
            Check(name: "not_stuck", passed: !stuck, state: stuck ? "stuck" : "ok", blocks: "sessions (after a session restarted within 2 s)",
                  fix: "power-cycle them (glasses:power_off() then glasses:power_on(), or POST /v1/devices/power_off then power_on \(body)); wait 2 s between a session's stop and the next start"),
            Check(name: "thermal", passed: !["severe", "critical", "emergency", "shutdown"].contains(thermal), state: thermal,
                  blocks: "streams at severe (thermalHot), sessions at critical and above (thermalCritical, thermalEmergency)",
                  fix: "let them cool (on the simulator: POST /v1/devices/thermal {\"device\": \"\(id)\", \"thermal\": \"none\"})"),
            Check(name: "battery", passed: battery > 10, state: "\(battery) %", blocks: "streams at 10 % or less (batteryLow), sessions at 5 % or less (batteryCritical)",
                  fix: "charge them (on the simulator: POST /v1/devices/battery {\"device\": \"\(id)\", \"level\": 80})"),
        ]
    }

    var ready: Bool { app.allSatisfy(\.passed) && devices.contains { $0.checks.allSatisfy(\.passed) } }

    /// Every failing check, as `where: check (state): fix`.
    var blockers: [String] {
        app.filter { !$0.passed }.map { "app: \($0.name) (\($0.state)): \($0.fix)" }
            + devices.flatMap { device in device.checks.filter { !$0.passed }.map { "\(device.id): \($0.name) (\($0.state)): \($0.fix)" } }
    }

    var value: Value {
        .object([
            "ready": .bool(ready),
            "blockers": .array(blockers.map { .string($0) }),
            "app": .array(app.map(\.value)),
            "devices": .array(devices.map { device in
                .object([
                    "id": .string(device.id), "type": .string(device.type),
                    "ready": .bool(device.checks.allSatisfy(\.passed)),
                    "checks": .array(device.checks.map(\.value)),
                ])
            }),
        ])
    }
}
