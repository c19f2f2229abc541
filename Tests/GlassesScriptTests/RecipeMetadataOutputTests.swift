import Foundation
import Testing

import GlassesScript

/// A recipe's metadata is read in a child process whose stdout carries the report.
@Suite struct RecipeMetadataOutputTests {
    /// An init.lua that printed as it loaded mixed its output into the child's report: the
    /// recipe was skipped as "no answer (out of memory?)". What it prints no longer reaches the report.
    @Test func printingAtLoadDoesNotBreakTheMetadata() throws {
        let work = FileManager.default.temporaryDirectory.appendingPathComponent("chatty-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: work) }
        try FileManager.default.createDirectory(atPath: work + "/chatty.recipe", withIntermediateDirectories: true)
        try """
            print("loading chatty")
            print(('{"error": "forged"}\\n'):rep(3))
            return {name = 'chatty', version = '1.0.0', description = 'prints as it loads', start = function() end}

            """.write(toFile: work + "/chatty.recipe/init.lua", atomically: true, encoding: .utf8)
        let recipe = try Recipe.load(folder: work + "/chatty.recipe", origin: .option)
        #expect(recipe.name == "chatty" && recipe.description == "prints as it loads")
    }
}
