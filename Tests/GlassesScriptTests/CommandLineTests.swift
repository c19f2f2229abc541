import Foundation
import ScriptTestSupport
import Testing

/// The command line itself: usage errors, --version, a script from stdin, help
/// text layout and the manifest's promises.
@Suite struct CommandLineTests {
    /// A usage error is one line saying what to fix, and exits 2.
    @Test(arguments: [
        (["--seed", "many"], "'many' is invalid for '--seed <seed>': use a whole number"),
        (["--seed", "-1"], "'-1' is invalid for '--seed <seed>': use a whole number"),
        (["--for", "-5s"], "'-5s' is invalid for '--for <duration>': use a length of time"),
        (["--timeout", "-5"], "--timeout must be a positive number"),
        (["--max-memory", "1"], "'1' is invalid for '--max-memory <size>': too small: at least 1M"),
        (["--out", "main.lua"], "--out 'main.lua' is a file"),
        (["--world", "moon"], "moon"),
    ])
    func aUsageErrorIsOneLine(options: [String], expected: String) async throws {
        let folder = try GlassesProcess.folder(["main.lua": "print('ran')"])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let result = try await GlassesProcess.run(["run"] + options + ["main.lua"], in: folder)
        #expect(result.code == 2, "\(result.stderr)")
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.hasPrefix("glasses run: "), "\(result.stderr)")
        #expect(result.stderr.contains(expected), "\(result.stderr)")
        #expect(result.stderr.filter { $0 == "\n" }.count == 1, "one line:\n\(result.stderr)")
        #expect(result.stderr.hasSuffix("(see 'glasses run --help')\n"), "\(result.stderr)")
    }

    @Test func aMissingScriptIsOneLine() async throws {
        let result = try await GlassesProcess.launch(GlassesProcess.binary, ["run"])
        #expect(result.code == 2)
        #expect(result.stderr.filter { $0 == "\n" }.count == 1, "\(result.stderr)")
    }

    /// An --out that cannot be made is said in terms of the path, not Foundation's error domain.
    @Test func anOutFolderThatCannotBeMadeSaysWhy() async throws {
        let folder = try GlassesProcess.folder(["blocker": "a file"])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let result = try await GlassesProcess.run(
            ["run", "--out", "blocker/photos", "-"], in: folder,
            input: "local cam = wearables.stream{} cam:start() cam:next_frame():save('x.png')")
        #expect(result.code == 1)
        #expect(!result.stderr.contains("NSCocoaErrorDomain"), "\(result.stderr)")
        #expect(result.stderr.contains("cannot create the output folder 'blocker/photos': 'blocker' is a file"), "\(result.stderr)")
    }

    /// A precompiled chunk outside the trusted sandbox: the file and the way to allow it are named.
    @Test func aBinaryChunkNamesTheFileAndTheSandbox() async throws {
        let folder = try GlassesProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let make = try await GlassesProcess.run(
            ["run", "--sandbox", "trusted", "-"], in: folder,
            input: "local f = io.open('chunk.luac', 'wb') f:write(string.dump(function() print('hi') end)) f:close()")
        #expect(make.code == 0, "\(make.stderr)")
        let refused = try await GlassesProcess.run(["run", "chunk.luac"], in: folder)
        #expect(refused.code == 2)
        #expect(refused.stderr.contains("chunk.luac"), "\(refused.stderr)")
        #expect(refused.stderr.contains("--sandbox trusted"), "\(refused.stderr)")
        let trusted = try await GlassesProcess.run(["run", "--sandbox", "trusted", "chunk.luac"], in: folder)
        #expect(trusted.stdout == "hi\n")
    }

    @Test func versionPrintsOneLine() async throws {
        let result = try await GlassesProcess.launch(GlassesProcess.binary, ["--version"])
        #expect(result.code == 0)
        #expect(result.stdout.hasPrefix("glasses "), "\(result.stdout)")
        #expect(result.stdout.filter { $0 == "\n" }.count == 1)
    }

    /// `glasses run -` reads the script from stdin, as `lua5.4 -` does.
    @Test func aDashReadsTheScriptFromStdin() async throws {
        let result = try await GlassesProcess.run(["run", "-", "a", "b"], input: "print(arg[0], ...)")
        #expect(result.code == 0, "\(result.stderr)")
        #expect(result.stdout == "-\ta\tb\n")
    }

    /// Help paragraphs are wrapped once, by ArgumentParser: no line but a
    /// paragraph's last is short (a hard line break inside the text leaves one).
    @Test(arguments: [["--help"], ["run", "--help"], ["repl", "--help"], ["check", "--help"], ["types", "--help"]])
    func helpIsWrappedOnce(arguments: [String]) async throws {
        let result = try await GlassesProcess.launch(GlassesProcess.binary, arguments, environment: GoldenTests.width)
        let overview = result.stdout.components(separatedBy: "USAGE:")[0]
        for paragraph in overview.components(separatedBy: "\n\n") {
            let lines = paragraph.split(separator: "\n")
            for line in lines.dropLast() {
                #expect(line.count > 50, "a short line inside a paragraph: \(line.debugDescription) in\n\(paragraph)")
            }
        }
    }

    /// The manifest asks for what the code needs: Swift 6.3 (`@c`), and DAT's own iOS minimum (17.2), below
    /// which nothing an app embeds may reach (scripts/test-portable).
    @Test func theManifestIsHonest() throws {
        let manifest = try String(contentsOfFile: "Package.swift".relativeToPackage, encoding: .utf8)
        #expect(manifest.hasPrefix("// swift-tools-version: 6.3\n"))
        #expect(manifest.contains("platforms: [.macOS(.v15), .iOS(\"17.2\")]"))
    }
}
