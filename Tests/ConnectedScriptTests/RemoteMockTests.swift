import Foundation
import GlassesScript
import LuaHost
import ScriptTestSupport
import ServedWorldSupport
import Testing
import WearablesAudio
import WearablesCore
import WearablesRemote
import WearablesServer
import WearablesMock
import WearablesSimulator
import WearablesWorld

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

        local ok, err = pcall(g.camera.feed, g.camera, "feed.png")
        assert(not ok and err.code == "not_over_connection", tostring(err))
        assert(err.message:find("is a file in this process", 1, true), err.message)
        g.microphone:feed{tone = 440} -- the phone is this process: its glasses' sound is made here
        g.camera:feed{pattern = "static"}

        -- The switches go through the mock as every action does.
        mock.set_hfp_blocks_photo_capture(false)
        mock.set_classic_stalls(false)

        -- A session restarted too soon leaves the glasses stuck, which only the mock sees.
        local session = wearables.session()
        session:start()
        session:stop()
        local again = wearables.session()
        assert(not pcall(again.start, again))
        assert(g.stuck, "the served world's stuck glasses read as stuck here")
        g:power_off()
        g:power_on()
        assert(not g.stuck, "a power cycle clears it")

        -- A mock call waits, so where a task cannot wait it fails as it does in process.
        local okSort, errSort = pcall(table.sort, {2, 1}, function(a, b) g:tap() return a < b end)
        assert(not okSort and tostring(errSort):find("'tap' waits", 1, true), tostring(errSort))

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
        // At 2x: restarting "within 2 s" of a close to wedge the glasses is a rule in served
        // time, and two round trips on a loaded machine are a large part of it at 10x.
        let outcome = try await Self.withServer(world: .empty, speed: 2) { url, token in
            var options = RunOptions()
            options.timeout = 60
            let runtime = try ScriptRuntime(options: options, world: { sink in
                try RemoteWorld(url: url, token: token, traceSink: sink)
            })
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
                let runtime = try ScriptRuntime(options: options, world: { sink in
                    try RemoteWorld(url: url, token: token, traceSink: sink)
                })
                return runtime.run(script: path, arguments: [answer])
            }
            #expect(outcome.status == .success, "\(answer): \(outcome.report ?? "")")
        }
    }

    /// Seeded chaos with the run's checks, through the served simulator's mock as through
    /// the one here: the same faults are drawn, injected and cleared, and the same checks hold.
    static let chaosScript = """
        local glasses = mock.paired()[1]
        local handle = recipes.run("reconnect")
        local faults = mock.chaos{
          rates = {fold = 40, disconnect = 40, power_cycle = 20, capture_failure = 40},
          durations = {fold = 3, disconnect = 3, power_cycle = 3},
          span = 60, min_gap = 8,
        }
        assert(#faults >= 3, "faults were drawn: " .. #faults)
        expect("photos_resolve")
        expect("restart_gap")
        expect("streaming_within", 15)
        expect("never stuck", function() return not glasses.stuck, "the glasses are stuck" end)
        every(5, function()
          local cam = handle.camera
          if cam and cam.state == "streaming" then cam:try_capture() end
        end)
        print("faults " .. #faults)
        """

    @Test func chaosAndItsChecksRunTheSameOverTheConnection() async throws {
        let folder = try GlassesProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/chaos.lua"
        try Self.chaosScript.write(toFile: path, atomically: true, encoding: .utf8)
        var options = RunOptions()
        options.seed = 7
        options.duration = 90
        options.tracePath = folder + "/local.jsonl"
        let here = try ScriptRuntime(options: options).run(script: path, arguments: [])
        #expect(here.status == .success, "in process: \(here.report ?? "")")
        let remoteTrace = folder + "/remote.jsonl"
        let local = options
        let served = try await Self.withServer(world: .ready, speed: 6) { url, token in
            var remote = local
            remote.tracePath = remoteTrace
            remote.timeout = 60
            let runtime = try ScriptRuntime(options: remote, world: { sink in
                try RemoteWorld(url: url, token: token, seed: remote.seed, traceSink: sink)
            })
            return runtime.run(script: path, arguments: [])
        }
        #expect(served.status == .success, "over the connection: \(served.report ?? "")")
        let faults = { (trace: String) throws -> Int in
            try String(contentsOfFile: trace, encoding: .utf8).split(separator: "\n")
                .filter { $0.contains("\"source\":\"chaos\"") && $0.contains("\"event\":\"fault\"") }.count
        }
        let injectedHere = try faults(options.tracePath ?? "")
        #expect(injectedHere >= 3)
        #expect(try faults(remoteTrace) == injectedHere, "the same schedule is injected over the connection")
    }

    /// The phone is the script's process in both worlds, so audio routed over HFP to the
    /// glasses loses photos over the connection as it does here (ios#260), until switched off.
    static let hfpScript = """
        audio.configure{category = "playAndRecord", mode = "voiceChat"}
        audio.activate()
        local session = wearables.session()
        session:start()
        local cam = session:camera{resolution = "low", fps = 15}
        cam:start()
        local ok, err = pcall(cam.capture, cam)
        assert(not ok and tostring(err):find("captureFailure", 1, true), "no photo over HFP: " .. tostring(err))
        mock.set_hfp_blocks_photo_capture(false)
        assert(cam:capture().format == "jpeg", "a photo once the behaviour is off")
        -- A mock action waits in both worlds, so where a task cannot wait it fails alike.
        local g = mock.paired()[1]
        local ok2, err2 = pcall(table.sort, {2, 1}, function(a, b) g:set_battery(50) return a < b end)
        assert(not ok2 and tostring(err2):find("'set_battery' waits", 1, true), tostring(err2))
        print("hfp ok")
        """

    @Test func audioOverHFPLosesPhotosInBothWorlds() async throws {
        let folder = try GlassesProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/hfp.lua"
        try Self.hfpScript.write(toFile: path, atomically: true, encoding: .utf8)
        let here = try ScriptRuntime(options: RunOptions()).run(script: path, arguments: [])
        #expect(here.status == .success, "in process: \(here.report ?? "")")
        let served = try await Self.withServer(world: .ready, speed: 5) { url, token in
            var options = RunOptions()
            options.timeout = 60
            let runtime = try ScriptRuntime(options: options, world: { sink in try RemoteWorld(url: url, token: token, traceSink: sink) })
            return runtime.run(script: path, arguments: [])
        }
        #expect(served.status == .success, "over the connection: \(served.report ?? "")")
    }

    /// A world that is not simulated (as a bridge over real glasses would be) refuses `mock`.
    @Test func aWorldThatIsNotSimulatedRefusesMock() throws {
        let runtime = try ScriptRuntime(options: RunOptions(), world: { sink in
            RealGlassesStandIn(SimulatedWorld.empty(seed: 1, clock: .virtual, traceSink: sink))
        })
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
    static func withServer<T: Sendable>(world: ServeOptions.World, speed: Double = 10,
                                        _ body: @escaping @Sendable (String, String) throws -> T) async throws -> T {
        var options = ServeOptions()
        options.world = world
        options.speed = speed
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
    var mock: (any MockControl)? { nil }
    var location: String { "ws://bridge.example/v1/ws" }
    func close() {}
}
