import Foundation
import Testing
import WearablesCore
import WearablesSimulator
import WearablesTestSupport

@Suite struct FeedTests {
    @Test func stillImageFeedIsWhatTheCameraSees() throws {
        let path = temporaryPath("still.jpg")
        try ImageCodecs.encode(RGBImage(width: 90, height: 160, gray: 255), as: .jpeg).write(to: URL(fileURLWithPath: path))
        let world = SimulatedWorld.ready()
        try world.pair.camera.setCameraFeed(path: path)
        let (_, camera) = try world.streamingCamera(config(.low, 15))
        let frames = Recorder<VideoFrame>()
        frames.token = camera.addFrameListener { frames.append($0) }
        world.scheduler.run(for: 0.5)
        let frame = try #require(frames.last)
        #expect(frame.lumaMean > 0.95)
        #expect(frame.rgbImage().size == VideoSize(width: 360, height: 640))
    }

    @Test func y4mVideoFeedPlaysItsFramesInALoop() throws {
        let path = temporaryPath("clip.y4m")
        var data = Data("YUV4MPEG2 W8 H8 F2:1 C420jpeg\n".utf8)
        for luma: UInt8 in [16, 235] {
            data.append(Data("FRAME\n".utf8))
            data.append(Data(repeating: luma, count: 64))
            data.append(Data(repeating: 128, count: 32))
        }
        try data.write(to: URL(fileURLWithPath: path))
        let feed = try CameraFeed.file(path)
        #expect(feed.lumaPlane(at: 0.1).mean < 0.1)
        #expect(feed.lumaPlane(at: 0.6).mean > 0.9)
        #expect(feed.lumaPlane(at: 1.1).mean < 0.1, "loops after the last frame")
        #expect(feed.image(at: 0.6, size: VideoSize(width: 4, height: 4)).pixels.allSatisfy { $0 > 230 })
    }

    @Test func unreadableFeedsAreErrors() {
        #expect(throws: ImageCodecError.self) { try CameraFeed.file(temporaryPath("missing.png")) }
        let path = temporaryPath("bad.y4m")
        _ = FileManager.default.createFile(atPath: path, contents: Data("not a video".utf8))
        #expect(throws: ImageCodecError.self) { try CameraFeed.file(path) }
    }

    @Test func microphoneFeedAndLinkChangesReachTheAudioLayer() {
        let world = SimulatedWorld.ready()
        world.pair.microphone.setFeed(.tone(hertz: 440))
        #expect(world.kit.microphoneFeed(of: world.pair.identifier) == .tone(hertz: 440))
        var links: [LinkState] = []
        let token = world.kit.addLinkStateObserver { _, state in links.append(state) }
        world.pair.fold()
        world.pair.unfold()
        world.scheduler.run(for: 2)
        #expect(links == [.disconnected, .connecting, .connected])
        token.cancel()
    }
}
