import Testing
import WearablesCore
import WearablesSimulator
import WearablesTestSupport

@Suite struct DeterminismTests {
    /// A scenario touching sessions, frames, photos, faults and randomness; returns its trace.
    static func scenario(seed: UInt64) throws -> String {
        let buffer = EventTrace.Buffer()
        let world = SimulatedWorld.ready(seed: seed, traceSink: buffer.sink)
        world.trace.includesFrames = true
        let camera = world.wearables.createStream(configuration: config(.high, 30))
        try camera.start()
        world.scheduler.run(for: 2)
        for _ in 0..<3 {
            _ = camera.capturePhoto(format: .jpeg)
            world.scheduler.run(for: 1)
        }
        world.pair.camera.setCameraFeed(pattern: .noise)
        world.pair.tap()
        world.scheduler.run(for: 6)
        world.pair.fold()
        world.trace.record(source: "script", event: "done", values: ["frames": .int(camera.frameCount)])
        world.scheduler.runUntilIdle()
        return buffer.text
    }

    @Test func sameSeedSameBytes() throws {
        let first = try Self.scenario(seed: 7)
        #expect(!first.isEmpty)
        #expect(try Self.scenario(seed: 7) == first)
    }

    @Test func differentSeedsMayDiffer() throws {
        #expect(try Self.scenario(seed: 7) != Self.scenario(seed: 8))
    }

    @Test func virtualClockReportsIdleWhenNothingCanHappen() throws {
        let world = SimulatedWorld.ready()
        let camera = world.wearables.createStream(configuration: config(.low, 15))
        try camera.start()
        world.scheduler.run(for: 1)
        camera.stop()
        #expect(world.scheduler.runUntilIdle() == .idle)
        #expect(world.scheduler.now < 5)
    }
}
