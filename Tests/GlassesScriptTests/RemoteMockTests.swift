import Foundation
import GlassesScript
import LuaHost
import ServedWorldSupport
import Testing
import WearablesAudio
import WearablesCore
import WearablesRemote
import WearablesServer
import WearablesSimulator

/// The `mock` module over `--connect`: a script drives a served simulator's mock
/// and sees the effects through `wearables`, as it does on the simulator here.
@Suite(.serialized) struct RemoteMockTests {
    static let script = """
        assert(#mock.paired() == 0, "the empty world has no glasses")
        wearables.register() -- an unregistered app sees no devices
        local g = mock.pair("rayBanMeta")
        assert(g.model == "rayBanMeta" and g.powered and not g.stuck, tostring(g))
        assert(mock.paired()[1] == g, "one object per pair")
        assert(g.device and g.device.link == "connected", "the app sees the new pair when pair() returns")

        g:doff()
        assert(g.device.don == "doffed", g.device.don)
        g:don()
        assert(g.device.don == "donned", g.device.don)
        g:set_battery(42)
        assert(g.device.battery == 42, tostring(g.device.battery))
        g:disconnect(1)
        assert(g.device.link == "disconnected", g.device.link)
        local waited = 0
        while g.device.link ~= "connected" do
          assert(waited < 20, "the link came back")
          wait(0.1)
          waited = waited + 0.1
        end

        mock.permissions.set("camera", "denied")
        assert(wearables.permission("camera") == "denied")
        mock.permissions.on_request("camera", "granted")
        assert(wearables.request_permission("camera") == "granted")

        local ok, err = pcall(g.camera.feed, g.camera, "/nonexistent.png")
        assert(not ok and err.code == "notOverConnection", tostring(err))
        local ok2, err2 = pcall(function() g.microphone:feed{tone = 440} end)
        assert(not ok2 and tostring(err2):find("in this process"), tostring(err2))
        g.camera:feed{pattern = "static"}

        g:unpair()
        assert(#mock.paired() == 0 and g.device == nil, "unpaired")
        local ok3, err3 = pcall(g.power_on, g)
        assert(not ok3 and err3.code == "unknown_device", tostring(err3))
        print("remote mock ok")
        """

    @Test func aScriptDrivesAServedSimulatorsMock() async throws {
        let folder = try GlassesProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/remote_mock.lua"
        try Self.script.write(toFile: path, atomically: true, encoding: .utf8)
        let outcome = try await Self.withServer(world: .empty) { url, token in
            var options = RunOptions()
            options.timeout = 60
            let runtime = try ScriptRuntime(options: options) { sink in
                try RemoteWorld(url: url, token: token, traceSink: sink)
            }
            return runtime.run(script: path, arguments: [])
        }
        #expect(outcome.status == .success, "\(outcome.report ?? "")")
    }

    @Test func examplesUsingMockRunUnchangedOverTheConnection() async throws {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("examples/permission_flow.lua").path
        for answer in ["granted", "denied"] {
            let outcome = try await Self.withServer(world: .empty) { url, token in
                var options = RunOptions()
                options.timeout = 60
                let runtime = try ScriptRuntime(options: options) { sink in
                    try RemoteWorld(url: url, token: token, traceSink: sink)
                }
                return runtime.run(script: path, arguments: [answer])
            }
            #expect(outcome.status == .success, "\(answer): \(outcome.report ?? "")")
        }
    }

    /// A world that is not simulated (as a bridge over real glasses would be) refuses `mock`.
    @Test func aWorldThatIsNotSimulatedRefusesMock() throws {
        let runtime = try ScriptRuntime(options: RunOptions()) { sink in
            RealGlassesStandIn(SimulatedWorld.empty(seed: 1, clock: .virtual, traceSink: sink))
        }
        let folder = try GlassesProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/refused.lua"
        try """
            local ok, err = pcall(function() return mock.pair() end)
            assert(not ok)
            assert(tostring(err):find("mock is available only on a simulated world; this run is connected to ws://bridge.example", 1, true), tostring(err))
            """.write(toFile: path, atomically: true, encoding: .utf8)
        let outcome = runtime.run(script: path, arguments: [])
        #expect(outcome.status == .success, "\(outcome.report ?? "")")
    }

    /// A served world at 10x for `body`, which gets its URL and token.
    static func withServer<T: Sendable>(world: ServeOptions.World,
                                        _ body: @escaping @Sendable (String, String) throws -> T) async throws -> T {
        var options = ServeOptions()
        options.world = world
        options.speed = 10
        return try await LoopbackServer.with(options) { url, token, _ in try body(url, token) }
    }
}

/// A world whose glasses are not simulated: the simulator stands in for real glasses
/// but says it is not one, as a bridge app's world would.
private final class RealGlassesStandIn: GlassesWorld {
    private let inner: SimulatedWorld
    init(_ inner: SimulatedWorld) { self.inner = inner }
    var scheduler: Scheduler { inner.scheduler }
    var trace: EventTrace { inner.trace }
    var wearables: Wearables { inner.wearables }
    var audio: AudioSession { inner.audio }
    var simulator: SimulatedWorld? { nil }
    var location: String { "ws://bridge.example/v1/ws" }
    func close() {}
}
