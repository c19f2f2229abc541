import Testing
import WearablesCore
import WearablesSimulator
import WearablesTestSupport

@Suite struct LadderTests {
    @Test func highAt30OverANarrowLinkStepsResolutionFirstThenFrameRate() {
        let steps = BandwidthLadder.steps(for: config(.high, 30), linkKbps: 400).map(\.description)
        #expect(steps == ["high@30", "medium@30", "low@30", "low@24", "low@15"])
    }

    @Test func neverBelowFifteenFps() {
        let settled = BandwidthLadder.settle(config(.high, 30), linkKbps: 10)
        #expect(settled == EffectiveStreamSettings(resolution: .low, frameRate: 15))
        #expect(BandwidthLadder.settle(config(.low, 7), linkKbps: 10).frameRate == 7, "a requested low rate is kept")
    }

    /// DAT steps a request down only when bandwidth is limited; the 720p stalls users
    /// report are simulated apart (`MockDeviceKit.classicStalls`).
    @Test(arguments: StreamingResolution.allCases)
    func theDefaultLinkCarriesEveryRequest(_ resolution: StreamingResolution) {
        #expect(BandwidthLadder.settle(config(resolution, 30), linkKbps: BandwidthLadder.defaultLinkKbps)
            == EffectiveStreamSettings(resolution: resolution, frameRate: 30))
    }

    @Test func aStreamFollowsTheLinkAtRunTimeAndTracesEachStep() throws {
        let buffer = EventTrace.Buffer()
        let world = SimulatedWorld.ready(traceSink: buffer.sink)
        let (_, camera) = try world.streamingCamera(config(.medium, 24))
        #expect(camera.effective.description == "medium@24")
        let frames = Recorder<VideoFrame>()
        frames.token = camera.addFrameListener { frames.append($0) }
        world.pair.setBandwidth(kbps: 500)
        world.scheduler.run(for: 2.01)
        #expect(camera.effective.description == "low@15")
        #expect(frames.values.count == 30)
        #expect(frames.values.last?.width == 360)
        let ladderLines = buffer.lines.filter { $0.contains(#""event":"ladder""#) }
        #expect(ladderLines.count == 2, "medium@24 -> low@24 -> low@15")
        world.pair.setBandwidth(kbps: 5000)
        #expect(camera.effective.description == "medium@24", "the ladder climbs back when the link recovers")
    }
}
