#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Hummingbird
import WearablesCore
import WearablesMock
import WearablesSimulator
import WearablesWire
import WirePictures
import WireServer
import WireServing

/// MockDeviceKit's controls over plain HTTP/JSON, so a test in any language can
/// drive the glasses while a script runs: DAT's mock test-server actions (pair,
/// power, wear, hinges, captouch, camera feed and captured image) plus the ones our
/// `mock` module has beyond DAT. `docs/openapi.yaml` describes every route.
struct ControlRoutes: Sendable {
    let served: ServedWorld
    let bridge: WorldWireServer
    let refused: RefusedClients
    let openAPI: String

    /// The largest control body; they are a few fields.
    static let maxBodyBytes = 64 * 1024

    func add(to router: some RouterMethods<BasicRequestContext>) {
        router.get("/v1/health") { _, _ in try await health() }
        router.get("/v1/openapi.yaml") { _, _ in
            Response(status: .ok, headers: [.contentType: "application/yaml"], body: .init(byteBuffer: ByteBuffer(string: openAPI)))
        }
        router.get(RouterPath(WireProtocol.webSocketPath)) { _, _ -> Response in
            throw ControlError(.badRequest, "websocket_only",
                "\(WireProtocol.webSocketPath) is the WebSocket endpoint: connect with a WebSocket client (Upgrade: websocket)")
        }
        router.get("/v1/devices") { _, _ in
            JSONBody.response(["devices": try await world { world in world.paired.map(WireMockGlasses.init) }])
        }
        router.get("/v1/devices/:device") { _, context in
            let device = context.parameters.get("device") ?? ""
            let state = try await world { world in world.state(of: device).map(WireMockGlasses.init) }
            guard let state else { throw Self.controlError(MockActionError(.unknownDevice, "no glasses '\(device)' (GET /v1/devices lists them)")) }
            return JSONBody.response(["device": state])
        }
        router.get("/v1/devices/:device/display") { _, context in
            let device = context.parameters.get("device") ?? ""
            let read = try await world { world in world.state(of: device).map { ($0.model, $0.display.map(DisplayReading.init)) } }
            guard let read else {
                throw Self.controlError(MockActionError(.unknownDevice, "no glasses '\(device)' (GET /v1/devices lists them)"))
            }
            let (model, reading) = read
            guard let reading else {
                throw ControlError(.notFound, "no_display", "'\(device)' is a \(model.name), which has no display (pair a metaRayBanDisplay)")
            }
            return JSONBody.response(reading)
        }
        mockAction(router, "/v1/devices/pair", "pair") { _, glasses, _ in JSONBody.response(["device": glasses], status: .created) }
        for name in MockDeviceAction.names {
            mockAction(router, "/v1/devices/\(name)", name) { _, glasses, _ in JSONBody.response(["device": glasses]) }
        }
        mockAction(router, "/v1/permissions", "permissions") { _, _, world in
            JSONBody.response(["permissions": Self.permissions(world.kit)])
        }
        mockAction(router, "/v1/permissions/request_result", "request_result") { action, _, _ in
            let fields = MockActionFields(action)
            return JSONBody.response(["permission": fields.permission, "result": fields.result])
        }
        mockAction(router, "/v1/companion/fail_next", "companion_fail_next") { action, _, _ in
            let fields = MockActionFields(action)
            return JSONBody.response(["flow": fields.flow, "code": fields.code])
        }
        for name in ["hold_next", "continue", "cancel"] {
            mockAction(router, "/v1/companion/\(name)", "companion_\(name)") { action, _, _ in
                JSONBody.response(["flow": MockActionFields(action).flow])
            }
        }
        mockAction(router, "/v1/companion/update_app", "companion_update_app") { _, _, world in
            JSONBody.response(["updating": world.kit.isUpdatingCompanionApp])
        }
        mockAction(router, "/v1/reset", "reset") { _, _, world in JSONBody.response(health(of: world)) }
        mockAction(router, "/v1/disable", "disable") { _, _, world in JSONBody.response(health(of: world)) }
        mockAction(router, "/v1/phone_call", "phone_call") { action, _, _ in
            JSONBody.response(["phone_call_seconds": MockActionFields(action).seconds])
        }
        for name in ["hfp_blocks_photo_capture", "classic_stalls", "a2dp_pauses_on_stream", "field_report"] {
            mockAction(router, "/v1/\(name)", name) { action, _, _ in JSONBody.response(["on": MockActionFields(action).on]) }
        }
    }

    // MARK: Helpers

    /// `POST path {fields}`: the mock action `name` with the body's fields, applied as the
    /// WebSocket `mock` command applies it (`WorldBridge.applyMock`); `respond` shapes the
    /// answer from the action, the affected glasses and the world after it.
    private func mockAction(_ router: some RouterMethods<BasicRequestContext>, _ path: String, _ name: String,
                            respond: @escaping @Sendable (MockAction, WireMockGlasses?, SimulatedWorld) -> Response) {
        let bridge = bridge
        router.post(RouterPath(path)) { request, _ in
            let action: MockAction
            do { action = try await ControlBody.read(request).action(name) } catch let error as MockActionError {
                throw Self.controlError(error)
            }
            let result = try await world { world in bridge.applyMock(action, in: world).map { respond(action, $0, world) } }
            return try result.mapError(Self.controlError).get()
        }
    }

    static func controlError(_ error: MockActionError) -> ControlError {
        switch error.code {
        case .unknownDevice: ControlError(.notFound, error.code.rawValue, error.message)
        case .unreadableFile: ControlError(.unprocessableContent, error.code.rawValue, error.message)
        case .unavailable: ControlError(.serviceUnavailable, error.code.rawValue, error.message)
        default: ControlError(.badRequest, error.code.rawValue, error.message)
        }
    }

    private func health() async throws -> Response {
        let health = health(of:)
        return JSONBody.response(try await world { world in health(world) })
    }

    private func health(of world: SimulatedWorld) -> Health {
        Health(time: world.scheduler.now, speed: served.speed, clients: bridge.clientCount, refusedClients: refused.total,
               registration: world.kit.registrationState.name, permissions: Self.permissions(world.kit),
               devices: world.kit.glasses.map(\.identifier), sessions: bridge.sessionDevices)
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
    /// WebSocket connections refused by the access policy since the start.
    var refusedClients: Int
    var registration: String
    var permissions: [String: String]
    var devices: [String]
    /// Devices whose session a WebSocket client holds.
    var sessions: [String]
}

extension WorldWireServer {
    /// Applies a mock action from an HTTP control route, as the `mock` command does, and
    /// tells every client what it changed.
    func applyMock(_ action: MockAction, in world: SimulatedWorld) -> Result<WireMockGlasses?, MockActionError> {
        let result = world.apply(action)
        publishMockChanges()
        return result.map { $0.map(WireMockGlasses.init) }
    }
}
