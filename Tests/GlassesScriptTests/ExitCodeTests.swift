import Foundation
import ScriptTestSupport
import Testing

/// Every way `glasses run` ends, as the process exit code a caller sees.
@Suite struct ExitCodeTests {
    private func run(_ script: String, _ options: [String] = []) async throws -> GlassesProcess.Result {
        let folder = try GlassesProcess.folder(["main.lua": script])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        return try await GlassesProcess.run(["run"] + options + ["--sandbox", "trusted", "main.lua"], in: folder)
    }

    /// Every code a script can ask for comes out as it is, 64 (EX_USAGE) and 2 included.
    @Test(arguments: [0, 1, 2, 3, 64, 127, 130, 255])
    func scriptExitCodesComeOutAsTheyAre(code: Int) async throws {
        let viaExit = try await run("exit(\(code))")
        #expect(viaExit.code == Int32(code), "exit(\(code)): \(viaExit.stderr)")
        #expect(viaExit.stderr.isEmpty)
        let viaOS = try await run("os.exit(\(code))")
        #expect(viaOS.code == Int32(code), "os.exit(\(code)): \(viaOS.stderr)")
    }

    @Test func anUncaughtErrorExitsWith1() async throws {
        let result = try await run("error('boom')")
        #expect(result.code == 1)
        #expect(result.stderr.contains("boom"))
    }

    @Test func aLimitExitsWith3() async throws {
        let result = try await run("local t = {} while true do t[#t + 1] = ('x'):rep(1000) end", ["--max-memory", "8M"])
        #expect(result.code == 3)
        #expect(result.stderr.contains("memory"))
    }

    @Test func aUsageErrorExitsWith2() async throws {
        let result = try await GlassesProcess.run(["run", "--seed", "many", "main.lua"])
        #expect(result.code == 2)
        #expect(result.stderr.hasPrefix("glasses run: "), "\(result.stderr)")
    }

    @Test func aLoadErrorExitsWith2() async throws {
        let result = try await run("this is not lua")
        #expect(result.code == 2)
    }

    /// Ctrl-C ends the run as shells report an interrupted command: 130, said on stderr.
    @Test(arguments: ["while true do wait(1) end", "while true do end"])
    func sigintExitsWith130(script: String) throws {
        let folder = try GlassesProcess.folder(["main.lua": "io.write('ready\\n') io.stdout:flush() " + script])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // The first line says the script runs (and the handler is in place); then interrupt it.
        let (process, errors) = try GlassesProcess.startReady(["run", "--timeout", "30", "--sandbox", "trusted", "main.lua"], in: folder)
        process.interrupt()
        let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationReason == .exit, "killed by the signal instead of ending the run")
        #expect(process.terminationStatus == 130)
        #expect(stderr.contains("interrupted"))
    }
}
