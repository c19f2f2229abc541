import Foundation
import Testing
import WearablesCore
import WearablesSimulator
import WearablesTestSupport

/// Footage feeds (MP4, MOV, MKV through FFmpeg), on clips made here: grey frames of
/// known levels written as raw video and encoded by Debian's ffmpeg CLI (scripts/setup
/// installs it), so every frame's brightness and time is known.
@Suite struct FootageFeedTests {
    /// Encodes `levels` (one grey level a frame, 64x64, at `fps`) into `name` with
    /// ffmpeg's `arguments` for the codec; returns the file's path.
    static func clip(_ name: String, levels: [UInt8], fps: Int = 30, _ arguments: [String]) throws -> String {
        let folder = temporaryPath("footage-\(UUID().uuidString)")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        var raw = Data()
        for level in levels { raw.append(Data(repeating: level, count: 64 * 64)) }
        try raw.write(to: URL(fileURLWithPath: folder + "/frames.gray"))
        try ffmpeg(["-f", "rawvideo", "-pix_fmt", "gray", "-s", "64x64", "-r", "\(fps)", "-i", folder + "/frames.gray"]
            + arguments + [folder + "/" + name])
        return folder + "/" + name
    }

    /// Runs the ffmpeg CLI quietly; fails the test with the fix when it is missing or fails.
    static func ffmpeg(_ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["ffmpeg", "-v", "error", "-y", "-nostdin"] + arguments
        try process.run()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "ffmpeg \(arguments.joined(separator: " ")) failed: run scripts/setup")
    }

    static let h264 = ["-c:v", "libx264", "-pix_fmt", "yuv420p", "-g", "12", "-bf", "2"]
    static let hevc = ["-c:v", "libx265", "-x265-params", "log-level=error:keyint=12:bframes=3", "-pix_fmt", "yuv420p"]
    /// 60 frames, each brighter than the last: frame n has grey level 10 + 4n.
    static let ramp = (0..<60).map { UInt8(10 + 4 * $0) }

    /// The mean luma (0...255) of the frame `feed` shows at `time`.
    static func level(_ feed: FrameSource, at time: Double) -> Double { feed.lumaPlane(at: time).mean * 255 }

    @Test(arguments: [("ramp.mp4", h264), ("ramp.mov", h264), ("ramp.mkv", hevc)])
    func eachFrameShowsFromItsOwnTimeInALoop(name: String, codec: [String]) throws {
        let feed = try CameraFeed.file(try Self.clip(name, levels: Self.ramp, codec))
        for (n, level) in Self.ramp.enumerated() {
            let time = Double(n) / 30
            // Limited-range video loses a level or two on the way to full-range luma.
            #expect(abs(Self.level(feed, at: time) - Double(level)) <= 3, "frame \(n) at \(time) s")
            #expect(abs(Self.level(feed, at: time + 1.0 / 60) - Double(level)) <= 3, "frame \(n) until the next frame's time")
            #expect(abs(Self.level(feed, at: time + 2) - Double(level)) <= 3, "frame \(n) on the second pass of the loop")
        }
    }

    /// Counts the pictures made; hands on everything else, its memo of analyses included.
    final class CountingFeed: FrameSource {
        let inner: FrameSource
        var images = 0
        init(_ inner: FrameSource) { self.inner = inner }
        func lumaPlane(at time: Double) -> LumaPlane { inner.lumaPlane(at: time) }
        func image(at time: Double, size: VideoSize) -> RGBImage {
            images += 1
            return inner.image(at: time, size: size)
        }
        func analyses(at time: Double, size: VideoSize) -> PictureAnalyses? { inner.analyses(at: time, size: size) }
    }

    /// A looping file's picture is searched once: a frame showing it again on a later
    /// pass gets the same codes without the picture being decoded or scanned again.
    @Test func aPictureSeenAgainOnALaterPassIsNotSearchedAgain() throws {
        let feed = CountingFeed(try CameraFeed.file(try Self.clip("ramp.mp4", levels: Self.ramp, Self.h264)))
        let size = VideoSize(width: 64, height: 64)
        let frame = { (time: Double) in VideoFrame(size: size, index: 0, timestamp: time, source: feed) }
        let first = try frame(0.5).codes()
        #expect(feed.images == 1)
        #expect(try frame(0.5 + 2).codes() == first, "the same picture on the second pass")
        #expect(try frame(0.5 + 1.0 / 60).codes() == first, "the same picture until the next frame's time")
        #expect(feed.images == 1, "a picture already scanned is neither decoded nor scanned again")
        _ = try frame(0.6).codes()
        #expect(feed.images == 2, "another picture is")
        _ = try VideoFrame(size: VideoSize(width: 32, height: 32), index: 0, timestamp: 0.5, source: feed).codes()
        #expect(feed.images == 3, "and so is the same picture at another size")
        // A synthetic scene keeps nothing: each frame searches its own picture.
        let scene = CountingFeed(CameraFeed.synthetic(.static, seed: 1))
        for _ in 0..<2 { _ = try VideoFrame(size: size, index: 0, timestamp: 0.5, source: scene).codes() }
        #expect(scene.images == 2)
    }

    @Test func framesDoNotDependOnTheOrderTheyAreAskedFor() throws {
        // Keyframes every 12 frames and B-frames: going back means seeking and decoding forwards again.
        let path = try Self.clip("ramp.mkv", levels: Self.ramp, Self.hevc)
        let forwards = try CameraFeed.file(path), jumping = try CameraFeed.file(path)
        let times = (0..<180).map { Double($0) / 30 }
        let inOrder = times.map { forwards.lumaPlane(at: $0) }
        var generator = SeededRandom(seed: 16)
        for i in times.indices.shuffled(using: &generator) {
            #expect(jumping.lumaPlane(at: times[i]) == inOrder[i], "at \(times[i]) s")
        }
        let size = VideoSize(width: 36, height: 64)
        #expect(forwards.image(at: 1.5, size: size) == jumping.image(at: 1.5, size: size))
    }

    @Test func irregularFrameTimesAreHonoured() throws {
        // Three frames stamped 0, 0.1 and 1.5 s (the last lasting a 30th): a variable-rate clip.
        let timed = ["-vf", "setpts='if(eq(N,0),0,if(eq(N,1),0.1,1.5))/TB'", "-fps_mode", "passthrough",
                     "-video_track_timescale", "1000"]
        let path = try Self.clip("vfr.mp4", levels: [20, 120, 230], timed + Self.h264)
        let reader = try VideoFileReader(path: path)
        #expect(reader.frameCount == 3)
        #expect((0..<3).map { reader.frameTime($0) } == [0, 0.1, 1.5])
        #expect(abs(reader.duration - 1.533) < 1e-9, "the last frame lasts its 33 ms: \(reader.duration)")
        let feed = try CameraFeed.file(path)
        let expected: [(Double, Double)] = [(0, 20), (0.098, 20), (0.1, 120), (1.498, 120), (1.5, 230), (1.532, 230),
                                            (1.55, 20), (1.533 + 0.2, 120), (1.533 + 1.51, 230)]
        for (time, level) in expected {
            #expect(abs(Self.level(feed, at: time) - level) <= 3, "at \(time) s")
        }
    }

    @Test func theReaderNamesTheCodecSizeAndLength() throws {
        let mp4 = try VideoFileReader(path: try Self.clip("ramp.mp4", levels: Self.ramp, Self.h264))
        #expect(mp4.codec == "h264" && mp4.width == 64 && mp4.height == 64 && mp4.frameCount == 60)
        #expect(abs(mp4.duration - 2) < 1e-9)
        let mkv = try VideoFileReader(path: try Self.clip("ramp.mkv", levels: Self.ramp, Self.hevc))
        #expect(mkv.codec == "hevc" && mkv.frameCount == 60)
        #expect(mkv.frameIndex(at: 2.0 / 30) == 2, "Matroska's millisecond times still give each frame its turn")
        #expect(mkv.frameIndex(at: 4.0 + 59.0 / 30) == 59)
    }

    @Test func unplayableFilesSayWhatIsWrongAndTheFix() throws {
        let clip = try Self.clip("clip.mp4", levels: [50, 100], Self.h264)
        let folder = URL(fileURLWithPath: clip).deletingLastPathComponent().path
        func error(_ path: String) -> String {
            do { _ = try CameraFeed.file(path); return "no error" } catch { return "\(error)" }
        }
        #expect(error(folder + "/missing.mp4") == "\(folder)/missing.mp4 does not exist: check the path")
        try Data("not a video at all".utf8).write(to: URL(fileURLWithPath: folder + "/text.mov"))
        #expect(error(folder + "/text.mov").hasPrefix("\(folder)/text.mov is not an MP4, MOV or MKV file FFmpeg can read ("))
        #expect(error(folder + "/text.mov").hasSuffix("): convert it, e.g. ffmpeg -i IN -c:v libx264 clip.mp4"))
        try Self.ffmpeg(["-f", "lavfi", "-i", "sine=duration=0.5", folder + "/sound.mkv"])
        #expect(error(folder + "/sound.mkv") == "\(folder)/sound.mkv has no video stream: use a file with H.264 or HEVC video")
        // An MP4 whose sample entry (and brand list) names a codec nobody has.
        var unknown = try Data(contentsOf: URL(fileURLWithPath: clip))
        while let avc1 = unknown.firstRange(of: Data("avc1".utf8)) { unknown.replaceSubrange(avc1, with: Data("zzzz".utf8)) }
        try unknown.write(to: URL(fileURLWithPath: folder + "/unknown.mp4"))
        #expect(error(folder + "/unknown.mp4") == "\(folder)/unknown.mp4: FFmpeg here cannot decode its video (codec 'zzzz'); "
            + "re-encode it as H.264 or HEVC, e.g. ffmpeg -i IN -c:v libx264 clip.mp4")
        // A playlist that names another file, dressed as an MP4: only MP4/MOV/MKV containers are opened.
        let playlist = "#EXTM3U\n#EXT-X-TARGETDURATION:1\n#EXTINF:1,\n\(clip)\n#EXT-X-ENDLIST\n"
        try playlist.write(toFile: folder + "/playlist.mp4", atomically: true, encoding: .utf8)
        #expect(error(folder + "/playlist.mp4").hasPrefix("\(folder)/playlist.mp4 is not an MP4, MOV or MKV file FFmpeg can read"))
    }
}
