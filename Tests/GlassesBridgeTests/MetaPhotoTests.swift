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

/// Standalone photos (`Camera.photo`) through the adapter, driven on the stand-in: the settings
/// reach DAT as asked, the transfer's steps and the photo come back, and each of DAT's
/// `PhotoError` cases crosses as its own case.
@Suite struct MetaPhotoTests {
    @Test func aStandalonePhotoTakesItsSettingsReportsItsTransferAndReadsItsFormat() throws {
        let world = StandInWorld()
        let session = try world.startedSession()
        let camera = try #require(try session.addCamera(config: WearablesCore.StreamConfiguration()))
        let glasses = try #require(camera as? MetaCamera).camera.photo
        let states = Recorder<WearablesCore.PhotoState>()
        let steps = Recorder<WearablesCore.PhotoTransferProgress>()
        let photos = Recorder<DATPhotoData>()
        let errors = Recorder<WearablesCore.PhotoError>()
        _ = camera.photo.statePublisher.listen(states.listener)
        _ = camera.photo.transferProgressPublisher.listen(steps.listener)
        _ = camera.photo.photoDataPublisher.listen(photos.listener)
        _ = camera.photo.errorPublisher.listen(errors.listener)

        camera.photo.capturePhoto(resolution: .small, quality: .high)
        #expect(errors.heard == [.notReady], "a capture before started")
        camera.photo.start()
        glasses.reach(.started)
        camera.photo.capturePhoto(resolution: .small, quality: .high)
        let asked = try #require(glasses.captureUnderWay)
        #expect(asked.resolution == .small && asked.quality == .high)
        camera.photo.capturePhoto(resolution: .full, quality: .low)
        #expect(errors.heard == [.notReady, .busy], "one capture at a time")

        glasses.transfer(MWDATCamera.PhotoTransferProgress(bytesReceived: 0, totalBytes: 16))
        glasses.transfer(MWDATCamera.PhotoTransferProgress(bytesReceived: 16, totalBytes: 16))
        let heic = Data([0, 0, 0, 24] + Array("ftypheic".utf8) + [0, 0, 0, 0])
        #expect(glasses.completeCapture(with: PhotoCaptureData(imageData: heic, metadata: nil, timestamp: Date())))
        #expect(steps.heard == [.init(bytesReceived: 0, totalBytes: 16), .init(bytesReceived: 16, totalBytes: 16)])
        #expect(photos.heard == [DATPhotoData(data: heic, format: .heic, width: 0, height: 0)])

        camera.photo.capturePhoto(resolution: .medium, quality: .medium)
        let jpeg = Data([0xFF, 0xD8, 0xFF, 0xD9])
        #expect(glasses.completeCapture(with: PhotoCaptureData(imageData: jpeg, metadata: nil, timestamp: Date())))
        #expect(photos.heard.last?.format == .jpeg)
        camera.photo.stop()
        #expect(states.heard == [.starting, .started, .stopping, .stopped])
    }

    @Test(arguments: [
        (MWDATCamera.PhotoError.notReady, WearablesCore.PhotoError.notReady),
        (.captureFailure(underlying: nil), .captureFailure),
        (.sessionSetupFailed(underlying: nil), .sessionSetupFailed),
        (.busy, .busy),
        (.serviceUnavailable, .serviceUnavailable),
        (.permissionDenied, .permissionDenied),
        (.deviceHealthCritical, .deviceHealthCritical),
        (.deviceDisconnected, .deviceDisconnected),
    ])
    func eachPhotoErrorCrossesAsItsOwnCase(_ meta: MWDATCamera.PhotoError, _ core: WearablesCore.PhotoError) throws {
        let world = StandInWorld()
        let session = try world.startedSession()
        let camera = try #require(try session.addCamera(config: WearablesCore.StreamConfiguration()))
        let glasses = try #require(camera as? MetaCamera).camera.photo
        let errors = Recorder<WearablesCore.PhotoError>()
        _ = camera.photo.errorPublisher.listen(errors.listener)
        camera.photo.start()
        glasses.reach(.started)
        camera.photo.capturePhoto(resolution: .medium, quality: .medium)
        glasses.failCapture(with: meta)
        #expect(errors.heard == [core])
        let error: any WearablesError = try #require(errors.heard.first)
        #expect(error.domain == "PhotoError")
    }
}
