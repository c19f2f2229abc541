import Foundation
import GlassesScript
import ScriptTestSupport
import Testing

/// Generated text against the goldens in `Goldens/` (see ``Golden``): the CLI's
/// help, the LuaLS addon `glasses types` writes, and the REPL's `.help`.
@Suite struct GoldenTests {
    /// ArgumentParser wraps help to the terminal; with output to a file it reads COLUMNS.
    static let width = ["COLUMNS": "80"]

    @Test(arguments: [(["--help"], "help/glasses.txt"), (["run", "--help"], "help/glasses-run.txt")])
    func cliHelp(arguments: [String], golden: String) async throws {
        let result = try await GlassesProcess.launch(GlassesProcess.binary, arguments, environment: Self.width)
        #expect(result.code == 0)
        #expect(result.stderr == "")
        try Golden.check(result.stdout, golden)
    }

    @Test func typesAddon() async throws {
        let folder = try GlassesProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let result = try await GlassesProcess.run(["types", "--out", folder + "/addon"])
        #expect(result.code == 0, "\(result.stderr)")
        let root = URL(fileURLWithPath: folder + "/addon")
        var names: Set<String> = []
        for case let name as String in FileManager.default.enumerator(atPath: root.path) ?? FileManager.DirectoryEnumerator() {
            guard let text = try? String(contentsOf: root.appendingPathComponent(name), encoding: .utf8) else { continue }
            names.insert(name)
            try Golden.check(text, "types/" + name)
        }
        #expect(names.contains("config.json") && names.contains("library/wearables.lua"))
        try Golden.checkSet(names, in: "types")
    }

    @Test(arguments: [(".help", "repl/help.txt"), (".help wearables.session", "repl/help-wearables.session.txt"),
                      (".help Camera", "repl/help-Camera.txt"), (".help Display:show", "repl/help-Display.show.txt"),
                      (".help button", "repl/help-button.txt")])
    func replHelp(command: String, golden: String) throws {
        var printed = ""
        let session = try ReplSession(
            runtime: try ScriptRuntime(options: RunOptions()),
            output: ReplOutput(standard: { printed += $0 }, error: { Issue.record("stderr: \($0)") }))
        session.submit(command)
        try Golden.check(printed, golden)
    }
}
