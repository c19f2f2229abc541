import Testing
import WearablesCore
import WearablesSimulator
import WearablesTestSupport

/// DAT 1.0 `camera.photo`: the persistent feature's state machine and publishers, on the virtual clock.
@Suite struct PhotoFeatureTests {
    /// A stopped camera on a started session, its feature and recorders of every publisher.
    final class Rig {
        let world = SimulatedWorld.ready()
        let session: DeviceSession
        let camera: CameraStream
        var photo: PhotoFeature { camera.photo }
        let states = Recorder<PhotoState>()
        let errors = Recorder<PhotoError>()
        let photos = Recorder<Photo>()
        let steps = Recorder<PhotoTransferProgress>()
        /// Every publication in delivery order: `state:started`, `progress:0/1234`, `data`, `error:busy`.
        let events = Recorder<String>()
        private var tokens: [ListenerToken] = []

        init() throws {
            session = try world.startedSession()
            camera = try session.addCamera(config(.low, 15))
            let photo = camera.photo
            tokens = [
                photo.addStateListener { [states, events] in states.append($0); events.append("state:\($0.name)") },
                photo.addErrorListener { [errors, events] in errors.append($0); events.append("error:\($0.code)") },
                photo.addDataListener { [photos, events] in photos.append($0); events.append("data") },
                photo.addProgressListener { [steps, events] in steps.append($0); events.append("progress:\($0.bytesReceived)/\($0.totalBytes)") },
            ]
        }

        func run(_ seconds: Double) { world.scheduler.run(for: seconds) }

        /// Starts the feature and runs until it is `started`.
        func started() throws -> Rig {
            photo.start()
            run(PhotoFeature.startDuration + 0.05)
            try #require(photo.state == .started)
            return self
        }
    }

    @Test func startGoesStartingThenStarted() throws {
        let rig = try Rig()
        let outcome = Outcome<Void, PhotoError>()
        rig.photo.start(completion: outcome.handler)
        #expect(rig.photo.state == .starting)
        rig.run(PhotoFeature.startDuration / 2)
        #expect(rig.photo.state == .starting)
        rig.run(PhotoFeature.startDuration)
        #expect(rig.photo.state == .started)
        #expect(rig.states.values == [.stopped, .starting, .started])
        #expect(outcome.result.map { (try? $0.get()) != nil } == true)
        #expect(rig.errors.values.isEmpty)
    }

    @Test func captureBeforeStartedPublishesNotReady() throws {
        let rig = try Rig()
        rig.photo.capturePhoto()
        rig.photo.start()
        rig.photo.capturePhoto()
        rig.run(2)
        #expect(rig.errors.values == [.notReady, .notReady], "stopped, then starting")
        #expect(rig.photos.values.isEmpty)
        #expect(rig.photo.state == .started)
    }

    @Test func startWhileTheStreamRunsIsRefusedBusy() throws {
        let rig = try Rig()
        try rig.camera.start()
        rig.run(1)
        let outcome = Outcome<Void, PhotoError>()
        rig.photo.start(completion: outcome.handler)
        rig.run(1)
        #expect(outcome.error == .busy)
        #expect(rig.errors.values == [.busy])
        #expect(rig.photo.state == .stopped)
        rig.camera.stop()
        rig.run(1)
        rig.photo.start()
        rig.run(1)
        #expect(rig.photo.state == .started, "starts once the stream is stopped")
    }

    @Test func captureWhileTheStreamRunsFailsAfterAHundredMilliseconds() throws {
        let rig = try Rig().started()
        try rig.camera.start()
        rig.run(1)
        rig.photo.capturePhoto()
        #expect(rig.photo.isCapturing)
        rig.run(PhotoFeature.streamConflictDelay / 2)
        #expect(rig.errors.values.isEmpty)
        rig.run(PhotoFeature.streamConflictDelay)
        #expect(rig.errors.values == [.captureFailure])
        #expect(rig.photos.values.isEmpty)
        #expect(!rig.photo.isCapturing)
        #expect(rig.camera.state == .streaming, "the stream goes on")
    }

    @Test func severalCapturesInOneStartAndBusyWhileOneIsInFlight() throws {
        let rig = try Rig().started()
        rig.photo.capturePhoto(resolution: .small, quality: .low)
        rig.photo.capturePhoto()
        rig.run(3)
        rig.photo.capturePhoto(resolution: .medium, quality: .high, format: .heic)
        rig.run(3)
        #expect(rig.errors.values == [.busy])
        #expect(rig.photos.values.map(\.width) == [480, 960])
        #expect(rig.photos.values.map(\.format) == [.jpeg, .heic])
        #expect(rig.photo.state == .started, "captures leave the feature started")
        #expect(rig.camera.state == .stopped)
    }

    @Test func progressStepsComeBeforeTheirData() throws {
        let rig = try Rig().started()
        rig.photo.capturePhoto()
        rig.run(3)
        let photo = try #require(rig.photos.last)
        #expect(rig.steps.values.count == SimulatedCamera.progressSteps + 1)
        #expect(rig.steps.values.first == PhotoTransferProgress(bytesReceived: 0, totalBytes: photo.size))
        #expect(rig.steps.values.last == PhotoTransferProgress(bytesReceived: photo.size, totalBytes: photo.size))
        let published = rig.events.values.filter { !$0.hasPrefix("state:") }
        #expect(published.last == "data")
        #expect(published.dropLast().allSatisfy { $0.hasPrefix("progress:") })
    }

    @Test func stopGoesStoppingThenStoppedAndTheSameFeatureRestarts() throws {
        let rig = try Rig().started()
        rig.photo.stop()
        #expect(rig.photo.state == .stopping)
        rig.run(PhotoFeature.stopDuration + 0.05)
        #expect(rig.photo.state == .stopped)
        rig.photo.capturePhoto()
        rig.photo.start()
        rig.run(PhotoFeature.startDuration + 0.05)
        rig.photo.capturePhoto()
        rig.run(3)
        #expect(rig.states.values == [.stopped, .starting, .started, .stopping, .stopped, .starting, .started])
        #expect(rig.errors.values == [.notReady])
        #expect(rig.photos.values.count == 1)
    }

    @Test func stopWithACaptureInFlightFailsItNotReady() throws {
        let rig = try Rig().started()
        rig.photo.capturePhoto()
        rig.photo.stop()
        rig.run(3)
        #expect(rig.errors.values == [.notReady])
        #expect(rig.photos.values.isEmpty, "the glasses' late photo is dropped")
        #expect(rig.photo.state == .stopped)
        #expect(!rig.camera.isCapturing)
    }

    @Test func deviceLostMidTransferPublishesDeviceDisconnectedAndStops() throws {
        let rig = try Rig().started()
        rig.photo.capturePhoto(resolution: .full, quality: .high)
        while rig.steps.values.count < 2, rig.world.scheduler.now < 10 { rig.run(0.01) }
        try #require(rig.steps.values.count >= 2, "the transfer is under way")
        rig.world.pair.powerOff()
        rig.run(CameraStream.captureTimeout + 5)
        #expect(rig.errors.values == [.deviceDisconnected])
        #expect(rig.photos.values.isEmpty)
        #expect(rig.photo.state == .stopped)
        #expect(Array(rig.states.values.suffix(2)) == [.stopping, .stopped])
        #expect(rig.events.values.suffix(3).first == "error:deviceDisconnected", "the error, then the states")
    }

    @Test func sessionStoppedByTheAppStopsTheFeatureQuietly() throws {
        let rig = try Rig().started()
        rig.session.stop()
        rig.run(1)
        #expect(rig.photo.state == .stopped)
        #expect(rig.errors.values.isEmpty)
        rig.photo.start()
        rig.run(1)
        #expect(rig.errors.values == [.notReady], "no started session to start on")
    }

    @Test func removedCameraStopsItsFeature() throws {
        let rig = try Rig().started()
        try rig.session.removeCamera()
        rig.run(1)
        #expect(rig.photo.state == .stopped)
    }

    @Test func sameSeedSameTrace() throws {
        func scenario() throws -> String {
            let buffer = EventTrace.Buffer()
            let world = SimulatedWorld.ready(seed: 11, traceSink: buffer.sink)
            let session = try world.startedSession()
            let camera = try session.addCamera(config(.low, 15))
            camera.photo.start()
            world.scheduler.run(for: 1)
            camera.photo.capturePhoto(resolution: .small)
            world.scheduler.run(for: 2)
            camera.photo.stop()
            world.scheduler.runUntilIdle()
            return buffer.text
        }
        let first = try scenario()
        // The feature's records have a source of their own, apart from the camera's per-capture ones.
        #expect(first.contains(#""source":"camera1.photo","event":"photo_progress""#), "\(first)")
        #expect(first.contains(#""source":"camera1.photo","event":"photo_state","values":{"state":"started"}"#), "\(first)")
        #expect(try scenario() == first)
    }
}
