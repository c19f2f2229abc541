#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ArgumentParser
import GlassesScript
import LuaHost
import RecipeSharing
import MessageText
import RecipeLockFile

/// `glasses recipe search|publish`: the recipe indexes.
extension RecipeCommand {
    struct Search: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "search",
            abstract: "Search the recipe indexes (GLASSES_RECIPE_INDEX, ~/.config/glasses/recipe-indexes) by name or description.")

        @Argument(help: "A word to look for.")
        var word: String

        func run() throws {
            let locations = RecipeIndex.locations(environment: ProcessInfo.processInfo.environment)
            guard !locations.isEmpty else {
                LuaConsole.writeError("glasses: no recipe index is configured; set GLASSES_RECIPE_INDEX to an index's path or URL, or list them in ~/.config/glasses/recipe-indexes\n")
                throw ExitStatus.usage
            }
            var found = 0
            for location in locations {
                let index = try RecipeCommand.reportingSharingErrors { try RecipeIndex.load(location) }
                for entry in index.search(word) {
                    let versions = entry.versions.compactMap { SemanticVersion($0.version) }.sorted().map(\.description)
                    // All of it comes from the index: escaped, so no escape sequence reaches the terminal.
                    print("\(TerminalText.escaped(entry.name))  \(versions.last ?? "-")  \(TerminalText.escaped(entry.description ?? ""))  [\(TerminalText.escaped(location))]")
                    found += 1
                }
            }
            if found == 0 {
                LuaConsole.writeError("glasses: no recipe matches '\(TerminalText.escaped(word))' in \(TerminalText.escaped(locations.joined(separator: ", ")))\n")
            }
        }
    }

    struct Publish: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "publish",
            abstract: "Print the index entry for a packed recipe (add it to an index's \"recipes\" list).",
            discussion: "Example: glasses recipe publish code-capture-1.2.0.zip --url https://example.com/recipes/code-capture-1.2.0.zip")

        @Option(help: ArgumentHelp("Where the zip will be downloaded from (default: its path).", valueName: "url"))
        var url: String?

        @Argument(help: "A zip from recipe pack.")
        var archive: String

        func run() throws {
            let entry = try RecipeCommand.reportingSharingErrors {
                let source = try RecipeSource(archive, currentDirectory: FileManager.default.currentDirectoryPath)
                guard case .zip = source.kind else { throw RecipeError("\(archive): publish takes a zip from glasses recipe pack") }
                let fetched = try RecipeFetcher.fetch(source)
                defer { fetched.discard() }
                let (recipe, tree) = try RecipeInstaller.check(try fetched.recipeFolder())
                return RecipeIndex.Entry(
                    name: recipe.name, description: recipe.description,
                    versions: [.init(version: recipe.version, source: url ?? source.description, sha256: tree.hash)])
            }
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            print(String(decoding: try encoder.encode(entry), as: UTF8.self))
        }
    }
}
