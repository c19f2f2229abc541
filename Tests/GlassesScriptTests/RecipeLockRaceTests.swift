import Foundation
import LuaHost
import ScriptTestSupport
import Testing

@testable import GlassesScript
import RecipeSharing
import RecipeLockFile

/// A lock's check hashes the bytes a run loads.
@Suite struct RecipeLockRaceTests {
    /// A project folder with `glasses.lock` pinning the recipes in `.glasses/recipes`, their
    /// files as given; `names` maps the lock's entry names to the installed folders' names.
    private static func project(_ recipes: [String: String], names: [String: String] = [:]) throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lock-check-\(UUID().uuidString)/project").path
        var entries: [String: RecipeLock.Entry] = [:]
        for (name, initLua) in recipes {
            let installed = "\(folder)/.glasses/recipes/\(name).recipe"
            try FileManager.default.createDirectory(atPath: installed, withIntermediateDirectories: true)
            try initLua.write(toFile: installed + "/init.lua", atomically: true, encoding: .utf8)
            entries[names[name] ?? name] = RecipeLock.Entry(
                version: "1.0.0", source: "/nowhere/\(name).recipe", resolved: "/nowhere/\(name).recipe",
                tree: try RecipeTree(reading: installed), requires: nil)
        }
        try RecipeLock(recipes: entries).write(folder + "/" + RecipeLock.fileName)
        return folder
    }

    private static func definition(_ name: String, says word: String) -> String {
        "return {name = '\(name)', version = '1.0.0', description = 'says \(word)', start = function(ctx) ctx.log.info('\(word)') end}\n"
    }

    // MARK: One read

    /// Starts the recipe it was given, as `recipes.run` starts the one it found.
    private struct StartsAFoundRecipe: GlassesPlugin {
        let recipe: Recipe
        func install(in runtime: ScriptRuntime) throws(LuaScriptError) {
            let recipe = recipe
            try runtime.state.register(LuaModule(name: "found", doc: "The recipe found before the test swapped its file.", functions: [
                LuaFunction(name: "start", doc: "Start it.") { [unowned runtime] _ in
                    .value(try RecipesPlugin.start(recipe, [:], in: runtime))
                },
            ]))
        }
    }

    /// The lock's check and the load of init.lua were two reads: a file swapped between them
    /// ran (34 runs in 300 with another process swapping it). The check hashes the bytes the
    /// run loads, so a swap after the check changes nothing that runs.
    @Test func aSwapAfterTheLockCheckIsNotWhatRuns() throws {
        let project = try Self.project(["swap": Self.definition("swap", says: "checked")])
        defer { try? FileManager.default.removeItem(atPath: URL(fileURLWithPath: project).deletingLastPathComponent().path) }
        let recipe = try RecipeCatalog(recipePaths: [], environment: ["HOME": "/nonexistent"], currentDirectory: project).recipe(named: "swap")
        #expect(recipe.origin == .locked)
        // Swapped in after the check, as the racing process did.
        try Self.definition("swap", says: "tampered").write(toFile: "\(project)/.glasses/recipes/swap.recipe/init.lua", atomically: true, encoding: .utf8)

        var options = RunOptions()
        options.outputDirectory = project
        options.tracePath = project + "/trace.jsonl"
        try "found.start()\n".write(toFile: project + "/main.lua", atomically: true, encoding: .utf8)
        let runtime = try ScriptRuntime(options: options, plugins: ScriptRuntime.builtInPlugins + [StartsAFoundRecipe(recipe: recipe)])
        let outcome = runtime.close(runtime.run(script: project + "/main.lua", arguments: []))
        #expect(outcome.exitCode == 0, "\(outcome.report ?? "")")
        let trace = try String(contentsOfFile: project + "/trace.jsonl", encoding: .utf8)
        #expect(trace.contains("[swap] checked"))
        #expect(!trace.contains("tampered"), "the file swapped in after the check ran")
    }
}
