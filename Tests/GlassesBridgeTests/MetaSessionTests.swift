#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import GlassesBridgeCore
@testable import GlassesBridge
import MWDATCamera
import MWDATCore
import Testing
import WearablesCore

/// A session starts and ends, a camera streams frames, takes a photo and fails, all driven
/// on the stand-in and seen through the bridge-facing protocol.
@Suite struct MetaSessionTests {
    @Test func aSessionStartsWhenTheGlassesSaySoAndEndsWithItsError() throws {
        let world = StandInWorld()
        let session = try world.adapter.createSession(device: StandInWorld.glasses)
        let states = Recorder<SessionState>()
        let errors = Recorder<WearablesCore.DeviceSessionError>()
        _ = session.statePublisher.listen(states.listener)
        _ = session.errorPublisher.listen(errors.listener)
        try session.start()
        let glasses = try #require(world.meta.sessions.last)
        glasses.reach(.started)
        glasses.reach(.paused)
        glasses.reach(.started)
        glasses.end(with: .thermalCritical)
        #expect(states.heard == [.starting, .started, .paused, .started, .stopped])
        #expect(errors.heard == [.thermalCritical])
        #expect(session.state == .stopped)
        #expect(throws: WearablesCore.DeviceSessionError.sessionAlreadyStopped) { try session.start() }
    }

    @Test func aCameraNeedsAStartedSessionAndRunsWhatTheBridgeAskedFor() throws {
        let world = StandInWorld()
        let session = try world.adapter.createSession(device: StandInWorld.glasses)
        let asked = try WearablesCore.StreamConfiguration(videoCodec: .raw, audioCodec: .pcm(sampleRate: 48000), resolution: .high, frameRate: 24)
        #expect(throws: WearablesCore.DeviceSessionError.sessionIdle) { try session.addCamera(config: asked) }
        try session.start()
        world.meta.sessions.last?.reach(.started)
        let camera = try #require(try session.addCamera(config: asked))
        #expect(throws: WearablesCore.DeviceSessionError.capabilityAlreadyActive) { try session.addCamera(config: asked) }

        let meta = try #require(camera as? MetaCamera).camera.stream.streamConfiguration
        #expect(meta.videoCodec == .raw)
        #expect(meta.resolution == .high)
        #expect(meta.frameRate == 24)
        guard case .pcm(let rate, let channels) = try #require(meta.audioCodec) else { return }
        #expect(rate == .rate48000)
        #expect(channels == 1)
        #expect(camera.stream.streamConfiguration == asked)
    }

    @Test func framesFlowAsJPEGAndAPhotoComesBackWithItsFormat() throws {
        let world = StandInWorld()
        let session = try world.startedSession()
        let camera = try #require(try session.addCamera(config: WearablesCore.StreamConfiguration()))
        let glasses = try #require(camera as? MetaCamera).camera.stream
        let states = Recorder<WearablesCore.StreamState>()
        let frames = Recorder<DATEncodedFrame?>()
        let photos = Recorder<DATPhotoData>()
        _ = camera.stream.statePublisher.listen(states.listener)
        _ = camera.stream.videoFramePublisher.listen { frames.listener($0.jpeg()) }
        _ = camera.stream.photoDataPublisher.listen(photos.listener)

        #expect(!camera.stream.capturePhoto(format: .jpeg), "no photo before the stream streams")
        camera.stream.start()
        glasses.reach(.streaming)
        let jpeg = Data([0xFF, 0xD8, 0xFF, 0xD9])
        glasses.send(VideoFrame(jpeg: jpeg, width: 504, height: 896))
        #expect(frames.heard == [DATEncodedFrame(data: jpeg, width: 504, height: 896)])

        #expect(camera.stream.capturePhoto(format: .heic))
        #expect(!camera.stream.capturePhoto(format: .heic), "one capture at a time")
        #expect(glasses.completeCapture(with: PhotoData(data: Data([1, 2, 3]), format: .heic)))
        #expect(photos.heard == [DATPhotoData(data: Data([1, 2, 3]), format: .heic, width: 0, height: 0)])

        let errors = Recorder<WearablesCore.StreamError>()
        _ = camera.stream.errorPublisher.listen(errors.listener)
        #expect(camera.stream.capturePhoto(format: .jpeg))
        glasses.failCapture()
        #expect(errors.heard == [.photoCaptureFailed])
        #expect(camera.stream.capturePhoto(format: .jpeg), "a failed capture leaves the camera free")

        camera.stream.stop()
        #expect(states.heard == [.waitingForDevice, .streaming, .stopping, .stopped])
        #expect(camera.stream.state == .stopped)
    }

    @Test func aStreamErrorCrossesWithItsDeviceAndTheSessionLivesOn() throws {
        let world = StandInWorld()
        let session = try world.startedSession()
        let camera = try #require(try session.addCamera(config: WearablesCore.StreamConfiguration()))
        let glasses = try #require(camera as? MetaCamera).camera.stream
        let errors = Recorder<WearablesCore.StreamError>()
        _ = camera.stream.errorPublisher.listen(errors.listener)
        camera.stream.start()
        glasses.reach(.streaming)
        glasses.fail(with: .deviceNotConnected(StandInWorld.glasses))
        #expect(errors.heard == [.deviceNotConnected(StandInWorld.glasses)])
        let error: any WearablesError = try #require(errors.heard.first)
        #expect((error.domain, error.code) == ("StreamError", "deviceNotConnected"))
        #expect(camera.stream.state == .stopped)
        #expect(session.state == .started)
    }

    @Test func stoppingTheSessionStopsItsCamera() throws {
        let world = StandInWorld()
        let session = try world.startedSession()
        let camera = try #require(try session.addCamera(config: WearablesCore.StreamConfiguration()))
        camera.stream.start()
        try #require(camera as? MetaCamera).camera.stream.reach(.streaming)
        session.stop()
        #expect(camera.stream.state == .stopped)
        #expect(session.state == .stopped)
    }

    @Test func leavingTheForegroundStopsEveryRunningStream() throws {
        let world = StandInWorld()
        world.meta.pair(MWDATCore.Device(identifier: "rayBanMeta-2", name: "Second", type: .rayBanMeta, state: .init(linkState: .connected)))
        let first = try #require(try world.startedSession().addCamera(config: WearablesCore.StreamConfiguration()))
        let secondSession = try world.adapter.createSession(device: "rayBanMeta-2")
        try secondSession.start()
        world.meta.sessions.last?.reach(.started)
        let second = try #require(try secondSession.addCamera(config: WearablesCore.StreamConfiguration()))
        for camera in [first, second] {
            camera.stream.start()
            try #require(camera as? MetaCamera).camera.stream.reach(.streaming)
        }
        let states = Recorder<WearablesCore.StreamState>()
        _ = first.stream.statePublisher.listen(states.listener)
        world.adapter.stopStreams()
        #expect(states.heard == [.stopping, .stopped])
        #expect([first.stream.state, second.stream.state] == [.stopped, .stopped])
        #expect(secondSession.state == .started, "only the streams stop; sessions stay for the app's return")
    }
}
