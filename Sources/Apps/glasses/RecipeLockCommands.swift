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

/// `glasses recipe add|remove|sync|update|verify`: recipes pinned in a project's
/// `glasses.lock`, installed in its `.glasses/recipes`.
extension RecipeCommand {
    /// The project folder option the lock commands share.
    struct ProjectOptions: ParsableArguments {
        @Option(help: ArgumentHelp("The folder holding glasses.lock (made there by add).", valueName: "dir"))
        var project = "."
    }

    struct Add: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "add",
            abstract: "Pin a recipe (and what it requires) in glasses.lock and install it in .glasses/recipes.",
            discussion: """
                SOURCE is \\(RecipeSource.forms). The lock records the source, the commit or URL it resolved to, and the \\
                SHA-256 of every file; commit it with your scripts, and run `glasses recipe sync` on other machines and in CI.
                Example: glasses recipe add git+https://example.com/team/recipes.git@v1.2#code-capture.recipe
                """)

        @OptionGroup var project: ProjectOptions

        @Flag(help: "Let this source take the pin of a recipe of the same name from another source.")
        var force = false

        @Argument(help: "Where the recipe comes from.")
        var source: String

        func run() throws {
            let lines = try RecipeCommand.reportingSharingErrors {
                let target = RecipeCommand.project(project.project)
                return try target.add(try RecipeSource(source, currentDirectory: FileManager.default.currentDirectoryPath), replace: force)
            }
            lines.forEach { print(TerminalText.escaped($0)) }
        }
    }

    struct Remove: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "remove",
            abstract: "Unpin a recipe from glasses.lock and remove it from .glasses/recipes.")

        @OptionGroup var project: ProjectOptions

        @Argument(help: "The recipe name.")
        var name: String

        func run() throws {
            print(try RecipeCommand.reportingSharingErrors { try RecipeCommand.project(project.project).remove(name) })
        }
    }

    struct Sync: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "sync",
            abstract: "Install exactly what glasses.lock pins into .glasses/recipes, and nothing else.",
            discussion: "Fetches only what is missing or differs; refuses a source that no longer gives the pinned files, before anything installed changes.")

        @OptionGroup var project: ProjectOptions

        func run() throws {
            let lines = try RecipeCommand.reportingSharingErrors { try RecipeCommand.project(project.project).sync() }
            lines.forEach { print(TerminalText.escaped($0)) }
        }
    }

    struct Update: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "update",
            abstract: "Move pins to what their sources give now (a branch's new commit, a re-published URL).",
            discussion: "Example: glasses recipe update code-capture --ref v1.3")

        @OptionGroup var project: ProjectOptions

        @Option(help: ArgumentHelp("A new tag, branch or commit for the recipe's git source.", valueName: "ref"))
        var ref: String?

        @Argument(help: "The recipe to update (every pinned recipe when omitted).")
        var name: String?

        func run() throws {
            let lines = try RecipeCommand.reportingSharingErrors { try RecipeCommand.project(project.project).update(name, ref: ref) }
            lines.forEach { print(TerminalText.escaped($0)) }
        }
    }

    struct Verify: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "verify",
            abstract: "Recompute the installed recipes' hashes and name every file that differs from glasses.lock.")

        @OptionGroup var project: ProjectOptions

        func run() throws {
            let problems = try RecipeCommand.reportingSharingErrors { try RecipeCommand.project(project.project).verify() }
            guard problems.isEmpty else {
                problems.forEach { LuaConsole.writeError("glasses: \(TerminalText.escaped($0))\n") }
                LuaConsole.writeError("glasses: \(problems.count) difference(s) from glasses.lock; `glasses recipe sync` restores the pinned files\n")
                throw ExitStatus.scriptError
            }
            print("every pinned recipe matches glasses.lock")
        }
    }
}
