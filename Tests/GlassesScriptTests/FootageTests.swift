import Foundation
import LuaHost
import ScriptTestSupport
import Testing
import WearablesCore

@testable import GlassesScript

/// `glasses.camera:feed("x.mp4")`: footage a script sees, on clips assembled here by
/// Debian's ffmpeg CLI (scripts/setup installs it) from stills the project draws,
/// QR codes included (CodeTests.still, with qrencode).
@Suite struct FootageTests {
    /// Runs the ffmpeg CLI quietly in `folder`; fails the test with the fix when it is missing or fails.
    static func ffmpeg(_ arguments: [String], in folder: String) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["ffmpeg", "-v", "error", "-y", "-nostdin"] + arguments
        process.currentDirectoryURL = URL(fileURLWithPath: folder)
        try process.run()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "ffmpeg \(arguments.joined(separator: " ")) failed: run scripts/setup")
    }

    /// `name` in `folder`: one second of each still, in order, at 30 fps, H.264.
    static func clip(_ name: String, of stills: [String], in folder: String) throws {
        let inputs = stills.flatMap { ["-loop", "1", "-framerate", "30", "-t", "1", "-i", $0] }
        let concat = stills.indices.map { "[\($0):v]" }.joined() + "concat=n=\(stills.count):v=1"
        try ffmpeg(inputs + ["-filter_complex", concat, "-c:v", "libx264", "-pix_fmt", "yuv420p", name], in: folder)
    }

    /// A 360x640 PNG of one grey level.
    static func grey(_ name: String, _ level: UInt8, in folder: String) throws {
        try ImageCodecs.encode(RGBImage(width: 360, height: 640, gray: level), as: .png)
            .write(to: URL(fileURLWithPath: folder + "/" + name))
    }

    @Test func aScriptSeesTheFootageChangeAtItsTimesAndLoop() throws {
        let folder = try GlassesProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Self.grey("dark.png", 16, in: folder)
        try Self.grey("bright.png", 240, in: folder)
        try Self.clip("walk.mp4", of: ["dark.png", "bright.png"], in: folder)
        let script = """
            mock.paired()[1].camera:feed("walk.mp4")
            local cam = wearables.stream{resolution = "low", fps = 30}
            cam:start()
            local dark, bright = 0, 0
            for _ = 1, 150 do -- 5 s: two and a half passes of the 2 s clip
              local frame = cam:next_frame()
              local phase, luma = frame.timestamp % 2, frame:luma()
              -- A frame time a rounding error from the cut may show either side of it.
              if math.abs(phase - 1) < 0.001 or phase > 1.999 then
              elseif phase < 1 then
                assert(luma < 0.1, ("dark half at %.3f s: luma %.3f"):format(frame.timestamp, luma))
                dark = dark + 1
              else
                assert(luma > 0.9, ("bright half at %.3f s: luma %.3f"):format(frame.timestamp, luma))
                bright = bright + 1
              end
              if frame.index % 10 == 0 then log.info("%.4f %.4f", frame.timestamp, luma) end
            end
            assert(dark >= 60 and bright >= 60, dark .. " dark, " .. bright .. " bright")
            exit(0)
            """
        let first = try CodeTests.run(script, in: folder)
        #expect(first.outcome.exitCode == 0, "\(first.outcome.report ?? "")")
        let second = try CodeTests.run(script, in: folder)
        #expect(second.trace == first.trace, "same file and seed, same trace")
        #expect(first.trace.components(separatedBy: "\n").count > 15, "\(first.trace)")
    }

    @Test func aQRCodeInTheFootageIsReadWhenItIsInView() throws {
        let folder = try GlassesProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try CodeTests.still("blank.png", in: folder, code: nil)
        try CodeTests.still("code.png", in: folder, code: "footage 16", x: 110, y: 300)
        try Self.clip("qr.mp4", of: ["blank.png", "code.png"], in: folder)
        let result = try CodeTests.run("""
            mock.paired()[1].camera:feed("qr.mp4")
            local cam = wearables.stream{resolution = "low", fps = 15}
            cam:start()
            local with, without = 0, 0
            for _ = 1, 60 do -- 4 s: the code is in view in the second half of each 2 s pass
              local frame = cam:next_frame()
              local phase, codes = frame.timestamp % 2, frame:codes()
              if phase > 0.05 and phase < 0.95 then
                assert(#codes == 0, ("no code at %.3f s, found %d"):format(frame.timestamp, #codes))
                without = without + 1
              elseif phase > 1.05 and phase < 1.95 then
                assert(#codes == 1 and codes[1].type == "QR-Code" and codes[1].text == "footage 16",
                  ("the code at %.3f s: %d found, %s"):format(frame.timestamp, #codes, codes[1] and codes[1].text or "-"))
                with = with + 1
              end
            end
            assert(with >= 20 and without >= 20, with .. " with, " .. without .. " without")
            exit(0)
            """, in: folder)
        #expect(result.outcome.exitCode == 0, "\(result.outcome.report ?? "")")
    }

    @Test func codeCaptureCapturesACodeFromTheFootage() throws {
        let folder = try GlassesProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try CodeTests.still("blank.png", in: folder, code: nil)
        try CodeTests.still("code.png", in: folder, code: "ticket-0016", x: 60, y: 120)
        try Self.clip("qr.mov", of: ["blank.png", "code.png"], in: folder)
        let result = try CodeTests.run("""
            mock.paired()[1].camera:feed("qr.mov")
            local handle = recipes.run("code-capture")
            wait(5)
            assert(#handle.codes == 1 and handle.codes[1] == "ticket-0016", table.concat(handle.codes, ", "))
            handle:stop()
            exit(0)
            """, in: folder)
        #expect(result.outcome.exitCode == 0, "\(result.outcome.report ?? "")")
        let photos = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasPrefix("code_") }
        #expect(photos == ["code_0001.jpg"])
        // The photo was taken while the code was in view: reading it back finds it.
        let found = try CodeScanner.scan(try ImageCodecs.decode(contentsOf: folder + "/code_0001.jpg"))
        #expect(found.map(\.text) == ["ticket-0016"])
        // Seen once the code comes into view, a second into the clip.
        let seen = try #require(result.trace.split(separator: "\n").first { $0.contains("[code-capture] QR-Code in view: ticket-0016") })
        let time = try #require(seen.firstMatch(of: /"t":([0-9.]+)/).flatMap { Double($0.1) })
        #expect(time >= 1 && time < 1.5, "\(seen)")
    }

    @Test func aBrokenFileIsAClearErrorAndTheScriptGoesOn() throws {
        let folder = try GlassesProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Self.grey("bright.png", 240, in: folder)
        try Self.clip("good.mkv", of: ["bright.png"], in: folder)
        let good = try Data(contentsOf: URL(fileURLWithPath: folder + "/good.mkv"))
        try good.prefix(good.count / 3).write(to: URL(fileURLWithPath: folder + "/cut.mkv"))
        try Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 131 &+ 7) }).write(to: URL(fileURLWithPath: folder + "/noise.mp4"))
        let result = try CodeTests.run("""
            local camera = mock.paired()[1].camera
            local ok, err = pcall(camera.feed, camera, "noise.mp4")
            assert(not ok)
            log.info("noise: %s", err)
            ok, err = pcall(camera.feed, camera, "missing.mov")
            assert(not ok)
            log.info("missing: %s", err)
            ok, err = pcall(camera.feed, camera, "cut.mkv")
            log.info("cut: %s", ok and "plays" or err)
            camera:feed("good.mkv")
            local cam = wearables.stream{resolution = "low", fps = 30}
            cam:start()
            assert(cam:next_frame():luma() > 0.9, "the good file plays after the bad ones")
            exit(0)
            """, in: folder)
        #expect(result.outcome.exitCode == 0, "\(result.outcome.report ?? "")")
        #expect(result.trace.contains("noise: cannot use 'noise.mp4' as a camera feed: \(folder)/noise.mp4 is not an MP4, MOV or MKV file "
            + "FFmpeg can read (Invalid data found when processing input): convert it, e.g. ffmpeg -i IN -c:v libx264 clip.mp4"),
            "\(result.trace)")
        #expect(result.trace.contains("missing: cannot use 'missing.mov' as a camera feed: \(folder)/missing.mov does not exist: check the path"),
            "\(result.trace)")
        // A file cut short either plays the frames it still has or says it is damaged; it never stops the script.
        #expect(result.trace.contains("cut: plays") || result.trace.contains("the file may be damaged"), "\(result.trace)")
    }

    /// Decoding holds frames the size of the video, which Lua never sees: under
    /// `--max-memory` a 4K clip is refused as a limit (exit 3) naming the feed and
    /// what it would hold, before any decoder opens; a smaller cap-fitting clip plays.
    @Test func footageCountsAgainstTheMemoryCap() async throws {
        let folder = try GlassesProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Self.ffmpeg(["-f", "lavfi", "-i", "testsrc=size=3840x2160:rate=30", "-t", "1", "-c:v", "libx264", "-pix_fmt", "yuv420p", "big.mp4"], in: folder)
        try Self.ffmpeg(["-f", "lavfi", "-i", "testsrc=size=320x240:rate=30", "-t", "1", "-c:v", "libx264", "-pix_fmt", "yuv420p", "small.mp4"], in: folder)
        let script = """
            local camera = mock.paired()[1].camera
            camera:feed(arg[1])
            local cam = wearables.stream{resolution = "low", fps = 30}
            cam:start()
            cam:next_frame()
            print("played " .. arg[1])
            """
        try script.write(toFile: folder + "/feed.lua", atomically: true, encoding: .utf8)
        let big = try await GlassesProcess.run(["run", "--max-memory", "64M", "feed.lua", "big.mp4"], in: folder)
        #expect(big.code == 3, "\(big.stderr)")
        #expect(big.stderr.contains("memory limit of 64M (--max-memory) exceeded by a 3840x2160 footage feed (decoding it holds about 142 MB)"),
                "\(big.stderr)")
        let small = try await GlassesProcess.run(["run", "--max-memory", "64M", "feed.lua", "small.mp4"], in: folder)
        #expect(small.code == 0, "\(small.stderr)")
        #expect(small.stdout == "played small.mp4\n")
    }

    /// Each recorder's encoder holds several pictures of the stream: twenty at 720x1280
    /// pass a 64 MB cap, and the run stops with the limit instead of growing.
    @Test func recordersCountAgainstTheMemoryCap() async throws {
        let folder = try GlassesProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try """
            local cam = wearables.stream{resolution = "high", fps = 30}
            cam:start()
            local recorders = {}
            for i = 1, tonumber(arg[1]) do recorders[i] = cam:record{path = "r" .. i .. ".mp4"} end
            print("recording " .. #recorders)
            """.write(toFile: folder + "/record.lua", atomically: true, encoding: .utf8)
        let many = try await GlassesProcess.run(["run", "--max-memory", "64M", "--out", "out", "record.lua", "20"], in: folder)
        #expect(many.code == 3, "\(many.stderr)")
        #expect(many.stderr.contains("memory limit of 64M (--max-memory) exceeded by a VideoRecorder"), "\(many.stderr)")
        let one = try await GlassesProcess.run(["run", "--max-memory", "64M", "--out", "out", "record.lua", "1"], in: folder)
        #expect(one.code == 0, "\(one.stderr)")
        #expect(one.stdout == "recording 1\n")
    }
}
