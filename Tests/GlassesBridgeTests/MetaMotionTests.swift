import GlassesBridgeCore
@testable import GlassesBridge
import MWDATCore
import MWDATMotion
import Testing
import WearablesCore

/// Motion through the adapter, driven on the stand-in: nil before the session starts, the rate
/// the bridge asks for, its states, every field of a sample, each error case, and removal.
@Suite struct MetaMotionTests {
    @Test func motionNeedsAStartedSessionCarriesTheRateAndIsRemovedOnce() throws {
        let world = StandInWorld()
        let session = try world.adapter.createSession(device: StandInWorld.glasses)
        #expect(try session.addMotion(configuration: WearablesCore.MotionConfiguration(samplingRate: .hz60)) == nil)
        try session.start()
        world.meta.sessions.last?.reach(.started)
        let motion = try #require(try session.addMotion(configuration: WearablesCore.MotionConfiguration(samplingRate: .hz60)))
        #expect(try #require(motion as? MetaMotion).motion.configuration.samplingRate == .hz60)
        #expect(motion.configuration.samplingRate == .hz60)
        #expect(motion.state == .stopped, "DAT returns Motion stopped")
        #expect(throws: WearablesCore.DeviceSessionError.capabilityAlreadyActive) {
            try session.addMotion(configuration: WearablesCore.MotionConfiguration())
        }
        try session.removeMotion()
        #expect(throws: WearablesCore.DeviceSessionError.capabilityNotFound) { try session.removeMotion() }
        #expect(try session.addMotion(configuration: WearablesCore.MotionConfiguration(samplingRate: .hz5))?.configuration.samplingRate == .hz5)
    }

    @Test func everyRateCrossesCaseByCase() {
        for rate in WearablesCore.MotionSamplingRate.allCases {
            #expect(WearablesCore.MotionSamplingRate(MWDATMotion.MotionSamplingRate(rate)) == rate)
        }
    }

    @Test func statesSamplesAndErrorsCrossAndRemovalEndsTheSamples() async throws {
        let world = StandInWorld()
        let session = try world.startedSession()
        let motion = try #require(try session.addMotion(configuration: WearablesCore.MotionConfiguration(samplingRate: .hz30)))
        let glasses = try #require(motion as? MetaMotion).motion
        let states = Recorder<WearablesCore.MotionState>()
        let errors = Recorder<WearablesCore.MotionError>()
        _ = motion.statePublisher.listen(states.listener)
        _ = motion.errorPublisher.listen(errors.listener)

        motion.start()
        glasses.reach(.started)
        #expect(motion.state == .started)
        glasses.send(MWDATMotion.MotionSample(
            timestampNs: 5_000_000_001, accelerometer: Vector3(x: 9.5, y: -0.25, z: 1.5), gyroscope: Vector3(x: 0.5, y: 0, z: -2),
            magnetometer: Vector3(x: 21.5, y: -3, z: 40), orientation: Quaternion(x: 0, y: 0.25, z: 0, w: 0.96875), source: .glasses))
        glasses.send(MWDATMotion.MotionSample(timestampNs: 5_033_333_334, accelerometer: Vector3(x: 1, y: 2, z: 3), source: .neuralBand))
        glasses.send(MWDATMotion.MotionSample(timestampNs: 5_066_666_667))
        for error: MWDATMotion.MotionError in [.sensorUnavailable, .capabilityClosed, .deviceDisconnected] { glasses.fail(with: error) }
        motion.stop()
        try session.removeMotion()
        #expect(glasses.isClosed)

        var heard: [WearablesCore.MotionSample] = []
        for await sample in motion.samples { heard.append(sample) }
        #expect(heard == [
            WearablesCore.MotionSample(
                timestampNs: 5_000_000_001, accelerometer: WearablesCore.Vector3(9.5, -0.25, 1.5), gyroscope: WearablesCore.Vector3(0.5, 0, -2),
                magnetometer: WearablesCore.Vector3(21.5, -3, 40), orientation: WearablesCore.Quaternion(x: 0, y: 0.25, z: 0, w: 0.96875),
                source: .glasses),
            WearablesCore.MotionSample(timestampNs: 5_033_333_334, accelerometer: WearablesCore.Vector3(1, 2, 3), source: .neuralBand),
            WearablesCore.MotionSample(timestampNs: 5_066_666_667, source: .unknown),
        ])
        #expect(errors.heard == [.sensorUnavailable, .capabilityClosed, .deviceDisconnected])
        #expect(states.heard.prefix(2) == [.starting, .started])
        #expect(states.heard.last == .stopped)
    }

    @Test func theSessionsEndEndsTheSamples() async throws {
        let world = StandInWorld()
        let session = try world.startedSession()
        let motion = try #require(try session.addMotion(configuration: WearablesCore.MotionConfiguration()))
        let glasses = try #require(motion as? MetaMotion).motion
        motion.start()
        glasses.reach(.started)
        glasses.send(MWDATMotion.MotionSample(timestampNs: 1, source: .glasses))
        world.meta.sessions.last?.end(with: .thermalCritical)
        var heard: [Int64] = []
        for await sample in motion.samples { heard.append(sample.timestampNs) }
        #expect(heard == [1])
        #expect(glasses.isClosed && motion.state == .stopped)
    }
}
