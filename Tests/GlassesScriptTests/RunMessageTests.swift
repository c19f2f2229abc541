import Foundation
import LuaHost
import ScriptTestSupport
import Testing

@testable import GlassesScript

/// What a run says when a script goes wrong: where, why, and the way out.
@Suite struct RunMessageTests {
    private func run(_ source: String, _ configure: (inout RunOptions) -> Void = { _ in }) throws -> LuaRunOutcome {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("messages-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try source.write(toFile: folder + "/main.lua", atomically: true, encoding: .utf8)
        var options = RunOptions()
        options.outputDirectory = folder
        configure(&options)
        let runtime = try ScriptRuntime(options: options)
        return runtime.close(runtime.run(script: folder + "/main.lua", arguments: []))
    }

    /// A DAT error value raised by a waiting call starts its report with the script's line.
    @Test func anUncaughtDATErrorSaysWhere() throws {
        let outcome = try run("""
            mock.permissions.set("camera", "denied")
            local cam = wearables.stream{}
            cam:start()
            """)
        #expect(outcome.exitCode == 1)
        let first = outcome.report?.split(separator: "\n").first.map(String.init) ?? ""
        #expect(first.contains("main.lua:3: StreamError.permissionDenied"), "\(outcome.report ?? "")")
    }

    /// A wait under a C call (a sort comparator, a gsub callback) is blamed on the C boundary, not on a missing task.
    @Test func aWaitUnderACCallNamesTheBoundary() throws {
        for source in [
            "table.sort({3, 1, 2}, function(a, b) wait(1) return a < b end)",
            "string.gsub('abc', '%w', function(c) wait(1) return c end)",
        ] {
            let outcome = try run(source)
            #expect(outcome.exitCode == 1)
            #expect(outcome.report?.contains("Lua cannot suspend a task across C") == true, "\(outcome.report ?? "")")
            #expect(outcome.report?.contains("must be called from a task") == false, "\(outcome.report ?? "")")
        }
    }

    /// The advice for a removed name is the embedder's: a flag on the command line, none in a console.
    @Test func sandboxAdviceIsTheEmbeddersToGive() throws {
        let flagged = try run("io.popen('true')")
        #expect(flagged.report?.contains("io.popen is not available in the standard sandbox; run with --sandbox trusted") == true,
                "\(flagged.report ?? "")")
        let console = try run("io.popen('true')") { $0.sandboxAdvice = { _ in "no flag reaches here" } }
        #expect(console.report?.contains("sandbox; no flag reaches here") == true, "\(console.report ?? "")")
        #expect(console.report?.contains("--sandbox") == false, "\(console.report ?? "")")
    }
}
