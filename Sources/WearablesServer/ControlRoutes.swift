import Foundation
import Hummingbird
import WearablesCore
import WearablesSimulator
import WearablesWire

/// MockDeviceKit's controls over plain HTTP/JSON, so a test in any language can
/// drive the glasses while a script runs: DAT's mock test-server actions (pair,
/// power, wear, hinges, captouch, camera feed and captured image) plus the ones our
/// `mock` module has beyond DAT. `docs/openapi.yaml` describes every route.
struct ControlRoutes: Sendable {
    let served: ServedWorld
    let bridge: WorldBridge
    let openAPI: String

    /// The largest control body; they are a few fields.
    static let maxBodyBytes = 64 * 1024

    func add(to router: Router<BasicRequestContext>) {
        router.get("/v1/health") { _, _ in try await health() }
        router.get("/v1/openapi.yaml") { _, _ in
            Response(status: .ok, headers: [.contentType: "application/yaml"], body: .init(byteBuffer: ByteBuffer(string: openAPI)))
        }
        router.get(RouterPath(WireProtocol.webSocketPath)) { _, _ -> Response in
            throw ControlError(.badRequest, "websocket_only",
                "\(WireProtocol.webSocketPath) is the WebSocket endpoint: connect with a WebSocket client (Upgrade: websocket)")
        }
        router.get("/v1/devices") { _, _ in
            JSONBody.response(["devices": try await world { world in world.kit.glasses.map(MockDeviceState.init) }])
        }
        router.get("/v1/devices/:device") { _, context in
            let device = context.parameters.get("device") ?? ""
            return JSONBody.response(["device": try await onDevice(device) { _ in }])
        }
        router.post("/v1/devices/pair") { request, _ in
            let body = try await ControlBody.read(request)
            let model = try body.named(body.model, "model", as: DeviceType.self) ?? .rayBanMeta
            let ready = body.ready ?? false
            let state = try await world { world in
                MockDeviceState(ready ? world.kit.pairReadyGlasses(model: model) : world.kit.pairGlasses(model: model))
            }
            return JSONBody.response(["device": state], status: .created)
        }
        deviceAction(router, "unpair") { glasses, _ in glasses.unpair() }
        deviceAction(router, "power_on") { glasses, _ in glasses.powerOn() }
        deviceAction(router, "power_off") { glasses, _ in glasses.powerOff() }
        deviceAction(router, "don") { glasses, _ in glasses.don() }
        deviceAction(router, "doff") { glasses, _ in glasses.doff() }
        deviceAction(router, "fold") { glasses, _ in glasses.fold() }
        deviceAction(router, "unfold") { glasses, _ in glasses.unfold() }
        deviceAction(router, "tap") { glasses, _ in glasses.tap() }
        deviceAction(router, "tap_and_hold") { glasses, _ in glasses.tapAndHold() }
        deviceAction(router, "fail_next_capture") { glasses, _ in glasses.camera.simulateCaptureFailure() }
        deviceAction(router, "battery") { glasses, body in
            let level = try body.require(body.level, "level")
            guard (0...100).contains(level) else { throw ControlError.badRequest("'level' must be 0-100, got \(level)") }
            glasses.setBatteryLevel(level)
        }
        deviceAction(router, "charging") { glasses, body in
            glasses.setChargingState(try body.required(body.state, "state", as: ChargingState.self))
        }
        deviceAction(router, "thermal") { glasses, body in
            glasses.setThermalLevel(try body.required(body.thermal, "thermal", as: ThermalLevel.self))
        }
        deviceAction(router, "disconnect") { glasses, body in
            let seconds = body.seconds ?? 5
            guard seconds.isFinite, seconds >= 0 else { throw ControlError.badRequest("'seconds' must be a number >= 0") }
            glasses.disconnect(for: seconds)
        }
        deviceAction(router, "bandwidth") { glasses, body in
            let kbps = try body.require(body.kbps, "kbps")
            guard kbps.isFinite, kbps >= 0 else { throw ControlError.badRequest("'kbps' must be a number >= 0") }
            glasses.setBandwidth(kbps: kbps)
        }
        deviceAction(router, "camera_feed") { glasses, body in
            if let pattern = body.pattern {
                guard let parsed = CameraFeed.Pattern(rawValue: pattern) else {
                    throw ControlError.badRequest("'pattern' must be one of \(CameraFeed.Pattern.allCases.map(\.rawValue).joined(separator: ", "))")
                }
                return glasses.camera.setCameraFeed(pattern: parsed)
            }
            let path = try body.require(body.path, "path (a .y4m video or PNG/JPEG still on the server's disk) or pattern")
            do { try glasses.camera.setCameraFeed(path: path) } catch {
                throw ControlError(.unprocessableContent, "unreadable_file", "cannot use '\(path)' as a camera feed (.y4m, PNG or JPEG): \(error)")
            }
        }
        deviceAction(router, "captured_image") { glasses, body in
            let path = try body.require(body.path, "path")
            do { try glasses.camera.setCapturedImage(path: path) } catch {
                throw ControlError(.unprocessableContent, "unreadable_file", "cannot use '\(path)' as the captured image (PNG or JPEG): \(error)")
            }
        }
        router.post("/v1/permissions") { request, _ in
            let body = try await ControlBody.read(request)
            let permission = try body.required(body.permission, "permission", as: Permission.self)
            let status = try body.required(body.status, "status", as: PermissionStatus.self)
            let permissions = try await world { world in
                world.kit.permissions.set(permission, status)
                return Self.permissions(world.kit)
            }
            return JSONBody.response(["permissions": permissions])
        }
        router.post("/v1/permissions/request_result") { request, _ in
            let body = try await ControlBody.read(request)
            let permission = try body.required(body.permission, "permission", as: Permission.self)
            let result = try body.required(body.result, "result", as: MockPermissions.RequestResult.self)
            try await world { world in world.kit.permissions.setRequestResult(permission, result) }
            return JSONBody.response(["permission": permission.name, "result": result.rawValue])
        }
        router.post("/v1/companion/fail_next") { request, _ in
            let body = try await ControlBody.read(request)
            let flow = try body.required(body.flow, "flow", as: CompanionApp.Flow.self)
            let code = try body.require(body.code, "code")
            let failure = try await world { world -> String? in
                do { try world.kit.companion.failNext(flow, code: code) } catch { return "\(error)" }
                return nil
            }
            if let failure { throw ControlError.badRequest(failure) }
            return JSONBody.response(["flow": flow.rawValue, "code": code])
        }
        router.post("/v1/reset") { request, _ in
            let body = try await ControlBody.read(request)
            var grants: [Permission: PermissionStatus] = [:]
            for (key, value) in body.permissions ?? [:] {
                grants[try body.required(key, "permissions key", as: Permission.self)] =
                    try body.required(value, "permissions.\(key)", as: PermissionStatus.self)
            }
            let (registered, initial) = (body.registered ?? false, grants)
            return try await health(after: { world in world.kit.reset(registered: registered, permissions: initial) })
        }
        router.post("/v1/phone_call") { request, _ in
            let body = try await ControlBody.read(request)
            let seconds = try body.require(body.seconds, "seconds")
            guard seconds.isFinite, seconds > 0 else { throw ControlError.badRequest("'seconds' must be a number > 0") }
            try await world { world in _ = world.audio.simulatePhoneCall(duration: seconds) }
            return JSONBody.response(["phone_call_seconds": seconds])
        }
    }

    // MARK: Helpers

    /// `POST /v1/devices/NAME {"device": ID, ...}`: runs `action` on those glasses and answers their new state.
    private func deviceAction(_ router: Router<BasicRequestContext>, _ name: String,
                              _ action: @escaping @Sendable (SimulatedGlasses, ControlBody) throws -> Void) {
        router.post(RouterPath("/v1/devices/\(name)")) { request, _ in
            let body = try await ControlBody.read(request)
            let device = try body.require(body.device, "device (an id from GET /v1/devices)")
            return JSONBody.response(["device": try await onDevice(device) { glasses in try action(glasses, body) }])
        }
    }

    private func onDevice(_ device: String,
                          _ action: @escaping @Sendable (SimulatedGlasses) throws -> Void) async throws
        -> MockDeviceState
    {
        let result = try await world { world -> Result<MockDeviceState, ControlError> in
            guard let glasses = world.kit.glasses(device) else {
                let known = world.kit.glasses.map(\.identifier)
                return .failure(ControlError(.notFound, "unknown_device",
                    "no glasses '\(device)'; paired: \(known.isEmpty ? "none (POST /v1/devices/pair)" : known.joined(separator: ", "))"))
            }
            do { try action(glasses) } catch let error as ControlError { return .failure(error) } catch {
                return .failure(ControlError.badRequest("\(error)"))
            }
            return .success(MockDeviceState(glasses))
        }
        return try result.get()
    }

    private func health(after change: (@Sendable (SimulatedWorld) -> Void)? = nil) async throws -> Response {
        let bridge = bridge
        let speed = served.speed
        let state = try await world { world in
            change?(world)
            return Health(time: world.scheduler.now, speed: speed, clients: bridge.clientCount,
                          registration: world.kit.registrationState.name, permissions: Self.permissions(world.kit),
                          devices: world.kit.glasses.map(\.identifier), sessions: bridge.sessionDevices)
        }
        return JSONBody.response(state)
    }

    /// Runs `work` in the world; a stopped world answers 503.
    @discardableResult
    private func world<T: Sendable>(_ work: @escaping @Sendable (SimulatedWorld) -> T) async throws -> T {
        do { return try await served.perform(work) } catch {
            throw ControlError(.serviceUnavailable, "stopped", "the server is shutting down")
        }
    }

    static func permissions(_ kit: MockDeviceKit) -> [String: String] {
        Dictionary(uniqueKeysWithValues: Permission.allCases.map { ($0.name, kit.permissionStatus($0).name) })
    }
}

struct Health: Encodable, Sendable {
    var status = "ok"
    var `protocol` = WireProtocol.version
    var world = "simulator"
    var time: Double
    var speed: Double
    var clients: Int
    var registration: String
    var permissions: [String: String]
    var devices: [String]
    /// Devices whose session a WebSocket client holds.
    var sessions: [String]
}

/// A simulated pair as the mock knows it: the app's view plus what only the mock sees.
struct MockDeviceState: Encodable, Sendable {
    var id, name, type, link, charging, don, hinge, thermal, compatibility: String
    var battery: Int
    var powered, stuck: Bool
    var bandwidthKbps: Double

    init(_ glasses: SimulatedGlasses) {
        let device = WireDevice(glasses.snapshot)
        id = device.id
        name = device.name
        type = device.type
        link = device.link
        charging = device.charging
        don = device.don
        hinge = device.hinge
        thermal = glasses.thermal.name
        compatibility = device.compatibility
        battery = glasses.batteryLevel
        powered = glasses.isPoweredOn
        stuck = glasses.isStuck
        bandwidthKbps = glasses.bandwidthKbps
    }
}

/// Every field any control route reads; each route requires its own.
struct ControlBody: Decodable, Sendable {
    var device, model, state, thermal, path, pattern, permission, status, result, flow, code: String?
    var level: Int?
    var seconds, kbps: Double?
    var ready, registered: Bool?
    var permissions: [String: String]?

    static func read(_ request: Request) async throws -> ControlBody {
        let buffer: ByteBuffer
        do { buffer = try await request.body.collect(upTo: ControlRoutes.maxBodyBytes) } catch {
            throw ControlError(.contentTooLarge, "too_large", "a control body is at most \(ControlRoutes.maxBodyBytes) bytes")
        }
        guard buffer.readableBytes > 0 else { return ControlBody() }
        do {
            return try JSONDecoder().decode(ControlBody.self, from: Data(buffer.readableBytesView))
        } catch DecodingError.typeMismatch(_, let context) {
            throw ControlError.badRequest("field '\(context.codingPath.map(\.stringValue).joined(separator: "."))' has the wrong type: \(context.debugDescription)")
        } catch {
            throw ControlError.badRequest(#"the body must be a JSON object, e.g. {"device":"rayBanMeta-1"}"#)
        }
    }

    init() {}

    func require<T>(_ value: T?, _ field: String) throws(ControlError) -> T {
        guard let value else { throw ControlError.badRequest("missing field '\(field)'") }
        return value
    }

    func named<T: RawRepresentable & CaseIterable>(_ value: String?, _ field: String, as _: T.Type) throws(ControlError) -> T?
    where T.RawValue == String {
        guard let value else { return nil }
        guard let parsed = T(rawValue: value) else {
            throw ControlError.badRequest("'\(field)' must be one of \(T.allCases.map(\.rawValue).joined(separator: ", ")), got '\(value)'")
        }
        return parsed
    }

    func required<T: RawRepresentable & CaseIterable>(_ value: String?, _ field: String, as type: T.Type) throws(ControlError) -> T
    where T.RawValue == String {
        guard let parsed = try named(value, field, as: type) else { throw ControlError.badRequest("missing field '\(field)'") }
        return parsed
    }
}
