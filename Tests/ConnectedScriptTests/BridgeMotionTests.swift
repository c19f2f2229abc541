import Foundation
import GlassesScript
import ScriptTestSupport
import ServedWorldSupport
import Testing
import WearablesCore
import WearablesRemote
import WearablesServer

/// Motion through the bridge over the DAT fake, as `glasses run --connect` runs a script: the
/// samples are the simulated glasses' own (a recording with a magnetometer, and a pose, in turn
/// in the fake's world), which a client computing its own default pose could not show;
/// and glasses without motion sensors fail with sensorUnavailable, as DAT's do.
@Suite(.serialized) struct BridgeMotionTests {
    static let script = """
        local session = wearables.session(wearables.specific_selector("rayBanMeta-1"))
        session:start()
        local m = session:motion{rate = 30}
        m:start()
        -- The glasses' feed alternates every 2 s between a recording with a magnetometer and a
        -- pose (lookingUp): the script must see both, which no pose of this side's could give.
        local recorded, up
        for _ = 1, 900 do
          local s = assert(m:next_sample(2))
          if s.magnetometer then
            recorded = recorded or s
          elseif math.abs(s.accelerometer.z - 9.80665 * math.sin(0.5)) < 1e-4 then
            up = up or s
          end
          if recorded and up then break end
        end
        assert(recorded, "the glasses' recorded magnetometer never crossed")
        assert(math.abs(recorded.magnetometer.x - 21.5) < 1e-4 and math.abs(recorded.accelerometer.y - 9.5) < 1e-4,
               "the recording's values: " .. recorded.magnetometer.x)
        assert(up, "the pose the glasses were given (lookingUp) never crossed")
        m:stop()
        session:stop()

        local other = wearables.session(wearables.specific_selector("rayBanMeta-2"))
        other:start()
        local m2 = other:motion{}
        -- The start waits for the glasses' answer, so it fails with their error, as in process.
        local ok, err = pcall(m2.start, m2)
        assert(not ok and err.code == "sensorUnavailable", "no IMU: " .. tostring(err))
        assert(m2.state == "stopped", m2.state)
        print("bridged motion ok")
        """

    @Test func aScriptReadsTheBridgedGlassesIMUAndSensorUnavailable() async throws {
        let folder = try GlassesProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/bridged_motion.lua"
        try Self.script.write(toFile: path, atomically: true, encoding: .utf8)
        var options = ServeOptions()
        options.speed = 4
        let result = try await LoopbackBridge.with(options) { url, token, served in
            served.post { world in
                let recording = (0..<4).map { index in
                    MotionSample(timestampNs: Int64(index) * 100_000_000, accelerometer: Vector3(0, 9.5, 0),
                                 magnetometer: Vector3(21.5, -3, 40), source: .glasses)
                }
                func alternate(recorded: Bool) {
                    _ = world.apply(.device("rayBanMeta-1", .motionFeed(recorded ? .samples(recording) : .pose(.lookingUp))))
                    world.scheduler.schedule(after: 2) { alternate(recorded: !recorded) }
                }
                alternate(recorded: true)
                _ = world.apply(.pair(model: .rayBanMeta, ready: true, imu: false))
            }
            var run = RunOptions()
            run.timeout = 120
            let runtime = try ScriptRuntime(options: run, world: { sink in try RemoteWorld(url: url, token: token, traceSink: sink) })
            return runtime.run(script: path, arguments: [])
        }
        #expect(result.status == .success, "through the bridge: \(result.report ?? "")")
    }
}
