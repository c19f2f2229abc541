import Foundation
import LuaHost
import ScriptTestSupport
import Testing
import WearablesCore

@testable import GlassesScript

/// `frame:codes()` and the `code-capture` recipe, on camera feeds made here: QR
/// codes drawn by Debian's qrencode (scripts/setup installs it), pasted at known
/// places on a still the size of the low stream (360x640), so nothing is stretched.
@Suite struct CodeTests {
    /// Writes `name` in `folder`: a light grey 360x640 PNG with a QR code for `text`
    /// (qrencode, 6 pixels a module) at (x, y), or none; returns the code's size in pixels.
    @discardableResult
    static func still(_ name: String, in folder: String, code text: String?, x: Int = 0, y: Int = 0) throws -> Int {
        var canvas = RGBImage(width: 360, height: 640, gray: 220)
        var side = 0
        if let text {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["qrencode", "-o", folder + "/qr.png", "-s", "6", "-m", "2", text]
            try process.run()
            process.waitUntilExit()
            #expect(process.terminationStatus == 0, "qrencode failed: run scripts/setup")
            let code = try ImageCodecs.decode(contentsOf: folder + "/qr.png")
            side = code.width
            for row in 0..<code.height {
                for column in 0..<code.width {
                    let s = (row * code.width + column) * 3, d = ((y + row) * canvas.width + x + column) * 3
                    for c in 0..<3 { canvas.pixels[d + c] = code.pixels[s + c] }
                }
            }
        }
        try ImageCodecs.encode(canvas, as: .png).write(to: URL(fileURLWithPath: folder + "/" + name))
        return side
    }

    /// Runs `script` as main.lua in `folder` (its stills beside it), with the built-in recipes.
    static func run(_ script: String, in folder: String, seconds: Double? = nil) throws -> (outcome: LuaRunOutcome, trace: String) {
        try script.write(toFile: folder + "/main.lua", atomically: true, encoding: .utf8)
        var options = RunOptions()
        options.seed = 1
        options.duration = seconds
        options.outputDirectory = folder
        options.tracePath = folder + "/trace.jsonl"
        let plugins = ScriptRuntime.builtInPlugins.filter { !($0 is RecipesPlugin) }
            + [RecipesPlugin(catalog: RecipeCatalog(recipePaths: [], environment: ["HOME": "/nonexistent"]))]
        let outcome = try ScriptRuntime(options: options, plugins: plugins).run(script: folder + "/main.lua", arguments: [])
        return (outcome, try String(contentsOfFile: folder + "/trace.jsonl", encoding: .utf8))
    }

    @Test func frameCodesGivesTheTextTypeAndPlaceOfAQRCode() throws {
        let folder = try GlassesProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let side = try Self.still("code.png", in: folder, code: "issue 16", x: 120, y: 380)
        try Self.still("blank.png", in: folder, code: nil)
        let result = try Self.run("""
            local camera = mock.paired()[1].camera
            camera:feed("code.png")
            local cam = wearables.stream{resolution = "low", fps = 15}
            cam:start()
            local frame = cam:next_frame()
            local codes = frame:codes()
            assert(#codes == 1, "codes found: " .. #codes)
            local code = codes[1]
            assert(code.type == "QR-Code", code.type)
            assert(code.text == "issue 16", code.text)
            local box, want = code.box, {x = 120 / 360, y = 380 / 640, w = \(side) / 360, h = \(side) / 640}
            local function overlap(a0, a1, b0, b1) return math.max(0, math.min(a1, b1) - math.max(a0, b0)) end
            local shared = overlap(box.x, box.x + box.w, want.x, want.x + want.w) * overlap(box.y, box.y + box.h, want.y, want.y + want.h)
            assert(shared > 0.8 * math.min(box.w * box.h, want.w * want.h),
              ("box %.3f %.3f %.3f %.3f, code at %.3f %.3f %.3f %.3f"):format(box.x, box.y, box.w, box.h, want.x, want.y, want.w, want.h))
            assert(frame:codes()[1].text == "issue 16", "asked twice, the same answer")
            camera:feed("blank.png")
            wait(1)
            local blank = cam:next_frame()
            assert(#blank:codes() == 0, "a frame without a code has none")
            exit(0)
            """, in: folder)
        #expect(result.outcome.exitCode == 0, "\(result.outcome.report ?? "")")
    }

    @Test func codeCaptureTakesOnePhotoPerDistinctCode() throws {
        let folder = try GlassesProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Self.still("a.png", in: folder, code: "first code", x: 40, y: 100)
        try Self.still("b.png", in: folder, code: "second code", x: 150, y: 400)
        try Self.still("blank.png", in: folder, code: nil)
        let result = try Self.run("""
            local camera = mock.paired()[1].camera
            camera:feed("blank.png")
            local handle = recipes.run("code-capture")
            wait(3) camera:feed("a.png")
            wait(3) camera:feed("blank.png")
            wait(3) camera:feed("a.png")
            wait(3) camera:feed("b.png")
            wait(3)
            assert(#handle.codes == 2 and handle.codes[1] == "first code" and handle.codes[2] == "second code",
              table.concat(handle.codes, ", "))
            handle:stop()
            exit(0)
            """, in: folder)
        #expect(result.outcome.exitCode == 0, "\(result.outcome.report ?? "")")
        let photos = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasPrefix("code_") }.sorted()
        #expect(photos == ["code_0001.jpg", "code_0002.jpg"])
        // Each photo was taken while its code was in view: reading it back finds that code.
        for (photo, text) in zip(photos, ["first code", "second code"]) {
            let found = try CodeScanner.scan(try ImageCodecs.decode(contentsOf: folder + "/" + photo))
            #expect(found.map(\.text) == [text], "\(photo)")
        }
        #expect(result.trace.contains("[code-capture] QR-Code in view: first code"))
        #expect(result.trace.contains("[code-capture] saved code_0002.jpg for second code"))
    }

    /// A capture that fails gives its code back: it is captured again, once, and the photo
    /// that follows is credited to it, not to a later code.
    @Test func codeCaptureRetriesACodeWhoseCaptureFailed() throws {
        let folder = try GlassesProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Self.still("a.png", in: folder, code: "first code", x: 40, y: 100)
        let result = try Self.run("""
            local camera = mock.paired()[1].camera
            camera:feed("a.png")
            camera:fail_next_capture()
            local handle = recipes.run("code-capture")
            wait(4)
            assert(#handle.codes == 1 and handle.codes[1] == "first code", table.concat(handle.codes, ", "))
            exit(0)
            """, in: folder)
        #expect(result.outcome.exitCode == 0, "\(result.outcome.report ?? "")")
        let photos = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasPrefix("code_") }.sorted()
        #expect(photos == ["code_0001.jpg"])
        #expect(result.trace.contains("[code-capture] capture for first code failed ("), "\(result.trace)")
        #expect(result.trace.contains("[code-capture] saved code_0001.jpg for first code"))
    }

    @Test func codeCaptureSkipsCodesThatDoNotMatchItsPattern() throws {
        let folder = try GlassesProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try Self.still("a.png", in: folder, code: "ticket-0042", x: 40, y: 100)
        try Self.still("b.png", in: folder, code: "https://example.org", x: 150, y: 400)
        let result = try Self.run("""
            local camera = mock.paired()[1].camera
            camera:feed("b.png")
            local handle = recipes.run("code-capture", {pattern = "^ticket%-%d+$"})
            wait(3) camera:feed("a.png")
            wait(3)
            assert(#handle.codes == 1 and handle.codes[1] == "ticket-0042", table.concat(handle.codes, ", "))
            exit(0)
            """, in: folder)
        #expect(result.outcome.exitCode == 0, "\(result.outcome.report ?? "")")
        let photos = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasPrefix("code_") }.sorted()
        #expect(photos == ["code_0001.jpg"])
    }

    @Test func codeCaptureGivesUpOnABrokenPatternAndSaysTheFix() throws {
        let folder = try GlassesProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let result = try Self.run("""
            recipes.run("code-capture", {pattern = "[unclosed"})
            wait(1)
            """, in: folder)
        // Like any uncaught error in a task: the run ends with exit code 1 and says why.
        #expect(result.outcome.exitCode == 1)
        #expect(result.trace.contains("code-capture gave up: pattern"), "\(result.trace)")
        #expect(result.trace.contains("is not a Lua pattern (malformed pattern (missing ']')): escape magic characters such as [ ( . - with %"))
    }
}
