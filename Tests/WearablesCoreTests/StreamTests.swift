import Testing
import WearablesCore
import WearablesSimulator
import WearablesTestSupport

@Suite struct StreamTests {
    @Test func configurationRejectsInvalidValuesListingValidOnes() {
        #expect(throws: StreamConfigurationError(field: "frameRate", value: "25", validValues: ["2", "7", "15", "24", "30"])) {
            try StreamConfiguration(resolution: .low, frameRate: 25)
        }
        do {
            _ = try StreamConfiguration(codec: "raw", resolution: "ultra", frameRate: 30)
            Issue.record("ultra accepted")
        } catch {
            #expect("\(error)".contains("valid values: high, medium, low"))
        }
        #expect(throws: StreamConfigurationError.self) { try StreamConfiguration(codec: "h264", resolution: "low", frameRate: 30) }
        #expect(StreamingResolution.medium.videoFrameSize == VideoSize(width: 504, height: 896))
    }

    @Test func framesArriveAtTheEffectiveRateWithIndexAndTimestamp() throws {
        let world = SimulatedWorld.ready()
        let (_, camera) = try world.streamingCamera(config(.low, 15))
        let frames = Recorder<VideoFrame>()
        frames.token = camera.addFrameListener { frames.append($0) }
        world.scheduler.run(for: 2)
        #expect(frames.values.count == 30)
        let indices = frames.values.map(\.index)
        #expect(indices == Array(indices[0]..<(indices[0] + 30)))
        let gaps = zip(frames.values, frames.values.dropFirst()).map { $1.timestamp - $0.timestamp }
        #expect(gaps.allSatisfy { abs($0 - 1.0 / 15) < 1e-9 })
        #expect(frames.values.allSatisfy { $0.width == 360 && $0.height == 640 })
    }

    /// A script's local holding the camera may go out of scope while it streams:
    /// the stream lives on (the backend's frames hold it) until it is stopped.
    @Test func aStreamingCameraLivesUntilItStops() throws {
        let world = SimulatedWorld.ready()
        let frames = Recorder<Int>()
        weak var weakCamera: CameraStream?
        do {
            let camera = world.wearables.createStream(configuration: config(.low, 15))
            frames.token = camera.addFrameListener { frames.append($0.index) }
            try camera.start()
            weakCamera = camera
        }
        world.scheduler.run(for: 3)
        #expect(weakCamera?.state == .streaming)
        #expect(frames.values.count > 30)
        weakCamera?.stop()
        world.scheduler.run(for: 1)
        #expect(weakCamera == nil)
    }

    /// A start refused at once (no camera permission) holds nothing.
    @Test func aRefusedStartHoldsNothing() throws {
        let world = SimulatedWorld.ready()
        world.kit.permissions.set(.camera, .denied)
        let session = try world.startedSession()
        weak var weakCamera: CameraStream?
        do {
            let camera = try session.addCamera(config(.low, 15))
            try camera.start()
            weakCamera = camera
        }
        world.scheduler.run(for: 1)
        #expect(weakCamera == nil)
    }

    @Test func streamStateMachine() throws {
        let world = SimulatedWorld.ready()
        let session = try world.startedSession()
        let camera = try session.addCamera(config(.low, 30))
        let states = world.states(of: camera)
        try camera.start()
        world.scheduler.run(for: 1)
        camera.stop()
        world.scheduler.run(for: 1)
        #expect(states.values == [.stopped, .starting, .streaming, .stopping, .stopped])
        #expect(session.state == .started, "stopping the camera keeps the session")
    }

    @Test func implicitStreamWaitsForADevice() throws {
        let world = SimulatedWorld.empty()
        world.kit.reset(registered: true, permissions: [.camera: .granted])
        let camera = world.wearables.createStream(configuration: config(.low, 15))
        let states = world.states(of: camera)
        try camera.start()
        world.scheduler.run(for: 5)
        #expect(camera.state == .waitingForDevice)
        let pair = world.kit.pairGlasses()
        pair.powerOn()
        pair.unfold()
        pair.don()
        world.scheduler.run(for: 5)
        #expect(states.values == [.stopped, .waitingForDevice, .starting, .streaming])
        camera.stop()
        world.scheduler.run(for: 1)
        #expect(camera.session?.state == .stopped, "an implicit stream stops its session")
    }

    @Test func startWithoutCameraPermissionFails() throws {
        let world = SimulatedWorld.ready()
        world.kit.permissions.set(.camera, .denied)
        let session = try world.startedSession()
        let camera = try session.addCamera(config(.low, 15))
        let outcome = Outcome<Void, StreamError>()
        try camera.start(completion: outcome.handler)
        world.scheduler.run(for: 1)
        #expect(outcome.error == .permissionDenied)
        #expect(camera.state == .stopped)
    }

    @Test func captureWhileNotStreamingIsRefused() throws {
        let world = SimulatedWorld.ready()
        let session = try world.startedSession()
        let camera = try session.addCamera(config(.low, 15))
        #expect(!camera.capturePhoto(format: .jpeg))
        let outcome = Outcome<Photo, PhotoError>()
        camera.capture(format: .jpeg, completion: outcome.handler)
        world.scheduler.run(for: 1)
        #expect(outcome.error == .notReady)
    }

    @Test func luminanceStatisticsFollowTheScene() throws {
        let world = SimulatedWorld.ready()
        let (_, camera) = try world.streamingCamera(config(.low, 30))
        let frames = Recorder<VideoFrame>()
        frames.token = camera.addFrameListener { frames.append($0) }
        world.scheduler.run(for: 1)
        let moving = frames.values
        #expect(moving[1].difference(to: moving[0]) > 0)
        #expect((0...1).contains(moving[0].lumaMean))

        world.pair.camera.setCameraFeed(pattern: .static)
        world.scheduler.run(for: 1)
        let still = Array(frames.values.suffix(2))
        #expect(still[1].difference(to: still[0]) == 0)

        world.pair.camera.setCameraFeed(pattern: .noise)
        world.scheduler.run(for: 1)
        let noisy = Array(frames.values.suffix(2))
        #expect(noisy[1].difference(to: noisy[0]) > 0.1)
        #expect(noisy[0].sharpness > still[0].sharpness)
    }
}
