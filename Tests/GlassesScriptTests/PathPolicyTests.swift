import Foundation
import LuaHost
import ScriptTestSupport
import Testing

@testable import GlassesScript

/// Paths a sandboxed script names stay in its folders: writes under --out,
/// reads under the script's folder and --out; trusted keeps full access.
@Suite struct PathPolicyTests {
    /// A folder holding `script.lua` (with `source`), `out/` and, beside them,
    /// `outside/` with `outside/picture.png` and a link `out/escape` -> `outside`.
    private struct Layout {
        let root: String
        var script: String { root + "/scripts/script.lua" }
        var out: String { root + "/scripts/out" }
        var outside: String { root + "/outside" }

        init(_ source: String) throws {
            root = try GlassesProcess.temporaryDirectory()
            let manager = FileManager.default
            try manager.createDirectory(atPath: root + "/scripts/out", withIntermediateDirectories: true)
            try manager.createDirectory(atPath: root + "/outside", withIntermediateDirectories: true)
            try Data("not really a picture".utf8).write(to: URL(fileURLWithPath: root + "/outside/picture.png"))
            try manager.createSymbolicLink(atPath: root + "/scripts/out/escape", withDestinationPath: root + "/outside")
            try source.write(toFile: root + "/scripts/script.lua", atomically: true, encoding: .utf8)
        }

        func run(_ sandbox: LuaSandbox) throws -> LuaRunOutcome {
            var options = RunOptions()
            options.sandbox = sandbox
            options.outputDirectory = out
            let runtime = try ScriptRuntime(options: options)
            return runtime.close(runtime.run(script: script, arguments: [root]))
        }

        func exists(_ path: String) -> Bool { FileManager.default.fileExists(atPath: root + "/" + path) }
    }

    /// Each write a script can ask for, to a path that leads outside --out.
    private static let writes = """
        local root = ...
        local cam = wearables.stream{}
        cam:start()
        local frame = cam:next_frame()
        local photo = cam:capture("jpeg")
        local refused = 0
        local function refuse(what, f, path)
          local ok, err = pcall(f, path)
          assert(not ok, what .. " wrote to " .. path)
          err = tostring(err)
          assert(err:find(path, 1, true) and err:find("--out DIR", 1, true) and err:find("--sandbox trusted", 1, true), err)
          refused = refused + 1
        end
        for _, path in ipairs({ "../up.jpg", root .. "/outside/absolute.jpg", "escape/linked.jpg", "sub/../../up2.jpg" }) do
          refuse("photo:save", function(p) photo:save(p) end, path)
          refuse("frame:save", function(p) frame:save(p) end, path)
          refuse("audio.record", function(p) audio.record{ path = p, duration = 1 } end, path)
        end
        assert(photo:save("inside/kept.jpg"))
        print("refused " .. refused)
        """

    @Test(arguments: [LuaSandbox.strict, .standard])
    func writesOutsideTheOutputFolderAreRefused(sandbox: LuaSandbox) throws {
        let layout = try Layout(Self.writes)
        defer { try? FileManager.default.removeItem(atPath: layout.root) }
        #expect(try layout.run(sandbox).status == .success)
        #expect(!layout.exists("scripts/up.jpg") && !layout.exists("outside/absolute.jpg"))
        #expect(!layout.exists("outside/linked.jpg") && !layout.exists("up2.jpg"))
        #expect(layout.exists("scripts/out/inside/kept.jpg"))
    }

    @Test func trustedWritesWhereItIsTold() throws {
        let layout = try Layout("""
            local root = ...
            local cam = wearables.stream{}
            cam:start()
            cam:capture("jpeg"):save("../up.jpg")
            cam:capture("jpeg"):save("escape/linked.jpg")
            """)
        defer { try? FileManager.default.removeItem(atPath: layout.root) }
        #expect(try layout.run(.trusted).status == .success)
        #expect(layout.exists("scripts/up.jpg") && layout.exists("outside/linked.jpg"))
    }

    /// Each read a script can ask for, of a file outside its folders.
    private static let reads = """
        local root = ...
        local camera = mock.paired()[1].camera
        local microphone = mock.paired()[1].microphone
        local function refuse(f, path)
          local ok, err = pcall(f, path)
          assert(not ok)
          err = tostring(err)
          assert(err:find("is outside", 1, true) and err:find("--sandbox trusted", 1, true), err)
        end
        for _, path in ipairs({ root .. "/outside/picture.png", "../../outside/picture.png", "escape/picture.png" }) do
          refuse(function(p) camera:photo(p) end, path)
          refuse(function(p) camera:feed(p) end, path)
          refuse(function(p) microphone:feed(p) end, path)
          refuse(function(p) audio.play(p) end, path)
        end
        -- Inside its folders the file is read (and found not to be an image).
        local ok, err = pcall(function() camera:photo(root .. "/scripts/script.lua") end)
        assert(not ok and not tostring(err):find("is outside", 1, true), err)
        print("reads refused")
        """

    @Test(arguments: [LuaSandbox.strict, .standard])
    func readsOutsideTheScriptsFoldersAreRefused(sandbox: LuaSandbox) throws {
        let layout = try Layout(Self.reads)
        defer { try? FileManager.default.removeItem(atPath: layout.root) }
        #expect(try layout.run(sandbox).status == .success)
    }

    /// A script read from stdin has the current folder as its own, even with --out elsewhere.
    @Test func stdinScriptsReadTheCurrentFolder() async throws {
        let folder = try GlassesProcess.folder(["picture.png": "not really a picture"])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let result = try await GlassesProcess.run(["run", "--sandbox", "strict", "--out", "out", "-"], in: folder, input: """
            local ok, err = pcall(function() mock.paired()[1].camera:photo("picture.png") end)
            assert(not ok and not tostring(err):find("is outside", 1, true), tostring(err))
            ok, err = pcall(function() mock.paired()[1].camera:photo("../../picture.png") end)
            assert(not ok and tostring(err):find("is outside", 1, true), tostring(err))
            """)
        #expect(result.code == 0, "\(result.stderr)")
    }

    /// Before any write made --out, a file to read that is in neither folder is missing, as
    /// each reader says it, not a folder that cannot be opened.
    @Test(arguments: [LuaSandbox.strict, .standard])
    func aMissingFileBeforeTheOutputFolderExistsIsMissing(sandbox: LuaSandbox) throws {
        let layout = try Layout("""
            audio.activate()
            local ok, err = pcall(audio.play, "missing.wav")
            assert(not ok and not tostring(err):find("folder", 1, true), tostring(err))
            -- Strict hides what exists (it has no io of its own); standard says what is missing.
            assert(rawget(_G, "io") == nil or err.code == "fileNotFound", tostring(err))
            local microphone = mock.paired()[1].microphone
            assert(pcall(microphone.feed, microphone, "missing.wav"), "a missing feed is reported when it is heard")
            print("missing")
            """)
        defer { try? FileManager.default.removeItem(atPath: layout.root) }
        try FileManager.default.removeItem(atPath: layout.out)
        #expect(try layout.run(sandbox).status == .success)
    }

    @Test func aLoopOfLinksResolvesToNothingReadable() throws {
        let root = try GlassesProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createSymbolicLink(atPath: root + "/a", withDestinationPath: root + "/b")
        try FileManager.default.createSymbolicLink(atPath: root + "/b", withDestinationPath: root + "/a")
        let policy = PathPolicy(directory: root, sandbox: .strict)
        #expect(throws: PathRefusal.self) { try policy.writing("a/x.jpg") }
    }
}
