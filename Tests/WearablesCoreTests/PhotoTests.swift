import Foundation
import Testing
import WearablesCore
import WearablesSimulator
import WearablesTestSupport

@Suite struct PhotoTests {
    @Test(arguments: [PhotoCaptureFormat.jpeg, .heic])
    func photosDecodeAtTheStatedSize(_ format: PhotoCaptureFormat) throws {
        let world = SimulatedWorld.ready()
        let (_, camera) = try world.streamingCamera(config(.low, 30))
        let photos = Recorder<Photo>()
        photos.token = camera.addPhotoListener { photos.append($0) }
        #expect(camera.capturePhoto(format: format))
        #expect(!camera.capturePhoto(format: format), "one capture at a time")
        world.scheduler.run(for: 2)
        let photo = try #require(photos.last)
        #expect(photo.format == format)
        let decoded = try ImageCodecs.decode(photo.data)
        #expect(decoded.width == photo.width && decoded.height == photo.height)
        #expect(photo.width == 360 && photo.height == 640)
        #expect(ImageCodecs.sniff([UInt8](photo.data.prefix(16))) == (format == .jpeg ? .jpeg : .heic))
    }

    @Test func framesPauseDuringCaptureAndResumeByThemselves() throws {
        let world = SimulatedWorld.ready()
        let (_, camera) = try world.streamingCamera(config(.low, 30))
        let frames = Recorder<VideoFrame>()
        frames.token = camera.addFrameListener { frames.append($0) }
        let outcome = Outcome<Photo, PhotoError>()
        camera.capture(format: .jpeg, completion: outcome.handler)
        world.scheduler.run(for: SimulatedCamera.captureDuration.lowerBound - 0.01)
        #expect(frames.values.isEmpty)
        #expect(camera.state == .streaming)
        world.scheduler.run(for: 1)
        #expect(outcome.value != nil)
        #expect(!frames.values.isEmpty)
    }

    @Test func configuredCapturedImageIsReturned() throws {
        let path = temporaryPath("captured.png")
        let image = RGBImage(width: 64, height: 48, gray: 200)
        try ImageCodecs.encode(image, as: .png).write(to: URL(fileURLWithPath: path))
        let world = SimulatedWorld.ready()
        try world.pair.camera.setCapturedImage(path: path)
        let (_, camera) = try world.streamingCamera(config(.low, 30))
        let outcome = Outcome<Photo, PhotoError>()
        camera.capture(format: .jpeg, completion: outcome.handler)
        world.scheduler.run(for: 1)
        let photo = try #require(outcome.value)
        #expect(photo.width == 64 && photo.height == 48)
    }

    @Test func failedCaptureReportsItsCauseToTheWaiterAndAStreamErrorToListeners() throws {
        let world = SimulatedWorld.ready()
        let (_, camera) = try world.streamingCamera(config(.low, 30))
        let errors = world.errors(of: camera)
        world.pair.camera.simulateCaptureFailure()
        let outcome = Outcome<Photo, PhotoError>()
        camera.capture(format: .jpeg, completion: outcome.handler)
        world.scheduler.run(for: 1)
        #expect(outcome.error == .captureFailure)
        // The stream's channel carries StreamErrors only: DAT's report of a failed capture (the stream goes on).
        #expect(errors.values == ["StreamError.photoCaptureFailed"])
        #expect(camera.capturePhoto(format: .jpeg), "the next capture works again")
    }

    @Test func framesSaveAsDecodableFiles() throws {
        let world = SimulatedWorld.ready()
        let (_, camera) = try world.streamingCamera(config(.low, 15))
        let frames = Recorder<VideoFrame>()
        frames.token = camera.addFrameListener { frames.append($0) }
        world.scheduler.run(for: 0.2)
        let frame = try #require(frames.last)
        for ext in ["png", "jpg", "ppm"] {
            let path = temporaryPath("frame.\(ext)")
            try frame.save(to: path)
            let decoded = try ImageCodecs.decode(contentsOf: path)
            #expect(decoded.size == VideoSize(width: 360, height: 640))
        }
        #expect(throws: ImageCodecError.self) { try frame.save(to: temporaryPath("frame.gif")) }
    }

    @Test func pngRoundTripsExactlyAndGarbageIsAnErrorNotACrash() throws {
        var image = RGBImage(width: 3, height: 2, gray: 0)
        image.pixels = (0..<18).map { UInt8($0 * 13) }
        #expect(try ImageCodecs.decode(ImageCodecs.encode(image, as: .png)) == image)
        #expect(throws: ImageCodecError.self) { try ImageCodecs.decode(Data([0xFF, 0xD8, 0xFF, 0x00, 0x01])) }
        #expect(throws: ImageCodecError.self) { try ImageCodecs.decode(Data([0x89, 0x50, 0x4E, 0x47, 0x00])) }
    }

    /// Sizes come from the header alone (every format), and an image over the pixel limit is
    /// refused before decoding, naming its size: a header claiming 16000x16000 is a few bytes.
    @Test func headersGiveTheSizeAndOversizedImagesAreRefusedUndecoded() throws {
        let image = RGBImage(width: 24, height: 16, gray: 90)
        for format in [ImageCodecs.Format.jpeg, .png, .heic, .ppm] {
            let size = ImageCodecs.dimensions(try ImageCodecs.encode(image, as: format))
            #expect(size?.width == 24 && size?.height == 16, "\(format)")
        }
        #expect(try ImageCodecs.decode(ImageCodecs.encode(image, as: .ppm)) == image)
        let huge = Data("P6\n16000 16000\n255\n".utf8) + Data(count: 12)
        #expect(ImageCodecs.dimensions(huge)?.width == 16000)
        #expect { try ImageCodecs.decode(huge) } throws: { error in
            "\(error)".contains("a 16000x16000 image (256 megapixels)") && "\(error)".contains("limit of 50 megapixels")
        }
        #expect(ImageCodecs.pixelLimitError(width: 8000, height: 6000) == nil, "a 48 MP phone photo decodes")
    }
}
