import Foundation
import LuaHost
import ScriptTestSupport
import Testing

@testable import GlassesScript
import GlassesTooling

/// `glasses check` and the run read the same registry, so a mistake one of them
/// rejects the other rejects too, in the same words ("did you mean" included).
@Suite struct CheckRunParityTests {
    /// A script with one mistake, and a phrase both the check and the run must say.
    struct Case: CustomTestStringConvertible, Sendable {
        let source: String
        let phrase: String
        var testDescription: String { source }
    }

    static let cases: [Case] = [
        Case(source: "local s = wearables.session()\ns:camera{resolution = \"low\", fsp = 30}", phrase: "unknown field 'fsp' (did you mean 'fps'?)"),
        Case(source: "local s = wearables.session()\ns:camera{fps = \"24\"}", phrase: "number expected, got string"),
        Case(source: "wearables.stream{resolutoin = \"high\"}", phrase: "unknown field 'resolutoin' (did you mean 'resolution'?)"),
        Case(source: "wearables.stream{\"high\"}", phrase: "unexpected item [1]"),
        Case(source: "wait(-1)", phrase: "seconds must be >= 0, got -1"),
        Case(source: "every(0, function() end)", phrase: "seconds must be >= "),
        Case(source: "expect(\"streaming_withn\")", phrase: "no built-in check 'streaming_withn' (did you mean 'streaming_within'?)"),
        Case(source: "recipes.run(\"no-such-recipe\")", phrase: "no recipe named 'no-such-recipe'"),
        Case(source: "local d = wearables.devices()[1]\nprint(d.batery)", phrase: "(did you mean 'battery'?)"),
        Case(source: "for _, d in ipairs(wearables.devices()) do print(d.batery) end", phrase: "(did you mean 'battery'?)"),
        Case(source: "local cam = wearables.stream{}\ncam:captrue()", phrase: "(did you mean 'capture'?)"),
    ]

    @Test(arguments: cases)
    func checkAndRunRejectTheSameMistake(_ mistake: Case) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("parity-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/main.lua"
        try mistake.source.write(toFile: path, atomically: true, encoding: .utf8)

        let checking = try ScriptRuntime(options: RunOptions())
        let found = try LuaScriptChecker(runtime: checking).check(file: path, compilingIn: checking.state).map(\.message)
        #expect(found.contains { $0.contains(mistake.phrase) }, "check said: \(found)")

        var options = RunOptions()
        options.outputDirectory = folder
        let running = try ScriptRuntime(options: options)
        let outcome = running.close(running.run(script: path, arguments: []))
        #expect(outcome.exitCode == 1, "\(outcome.report ?? "")")
        #expect(outcome.report?.contains(mistake.phrase) == true, "run said: \(outcome.report ?? "")")
    }

    /// A recipe handle holds what the recipe exposes: check lets its fields pass, as the run does.
    @Test func recipeHandlesAreOpen() throws {
        let checking = try ScriptRuntime(options: RunOptions())
        let checker = try LuaScriptChecker(runtime: checking)
        let found = checker.check(source: "local h = recipes.run(\"reconnect\")\nprint(h.camera, h.restarts)", file: "main.lua")
        #expect(found.isEmpty, "\(found)")
    }
}
