#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ArgumentParser
import GlassesScript
import RecipeSharing
import LuaHost
import MessageText
import RecipeLockFile

/// `glasses recipe list|info|run`: shareable capture recipes found along the recipe search path.
struct RecipeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "recipe",
        abstract: "List, describe and run capture recipes (NAME.recipe folders).",
        discussion: """
            Recipes are searched in --recipe-path folders, then the current folder, then GLASSES_RECIPE_PATH (colon-separated),
            then ~/.local/share/glasses/recipes ($XDG_DATA_HOME/glasses/recipes), then the built-ins;
            the first recipe of a name wins. With a glasses.lock in the current folder, the recipes it pins (installed in
            .glasses/recipes by `recipe sync`) come first, and one whose files differ from the lock is refused.
            """,
        subcommands: [
            List.self, Info.self, Run.self, New.self, Pack.self, Install.self, Uninstall.self,
            Add.self, Remove.self, Sync.self, Update.self, Verify.self, Search.self, Publish.self, Metadata.self,
        ]
    )

    /// The search-path option every recipe subcommand takes.
    struct SearchOptions: ParsableArguments {
        @Option(name: .customLong("recipe-path"), help: ArgumentHelp("Also look for recipes in this folder (repeatable, searched first).", valueName: "dir"))
        var recipePaths: [String] = []

        var catalog: RecipeCatalog { RecipeCatalog(recipePaths: recipePaths) }
    }

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list",
            abstract: "List recipes: name, version, description, origin.")

        @OptionGroup var search: SearchOptions

        func run() throws {
            let catalog = search.catalog
            let results = catalog.list()
            if results.isEmpty {
                // Nothing found is a broken setup, not an empty answer: say where we looked.
                var message = "no recipes found; looked in " + catalog.places.map { "\($0.directory) (\($0.origin.rawValue))" }
                    .joined(separator: ", ")
                if case .failure(let error) = RecipeCatalog.builtInDirectory { message += "; no built-ins: \(error)" }
                LuaConsole.writeError("glasses: \(message)\n")
                throw ExitStatus.scriptError
            }
            for result in results {
                switch result {
                case .success(let recipe):
                    // What a recipe's metadata says is escaped: a recipe from an index must not drive the terminal.
                    let e: (String) -> String = { TerminalText.escaped($0) }
                    print("\(e(recipe.name))  \(e(recipe.version))  \(e(recipe.description))  [\(recipe.origin.rawValue): \(e(recipe.folder))]")
                case .failure(let error):
                    LuaConsole.writeError("glasses: skipped a broken recipe: \(error)\n")
                }
            }
        }
    }

    struct Info: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "info",
            abstract: "Show a recipe's metadata and parameters.")

        @OptionGroup var search: SearchOptions

        @Argument(help: "The recipe name, or the path of its NAME.recipe folder.")
        var name: String

        func run() throws {
            let recipe = try RecipeCommand.reportingRecipeErrors { try search.catalog.recipe(named: name) }
            // What a recipe's metadata says is escaped: a recipe from an index must not drive the terminal.
            let e: (String) -> String = { TerminalText.escaped($0) }
            print("\(e(recipe.name)) \(e(recipe.version)): \(e(recipe.description))")
            if let author = recipe.author { print("author:  \(e(author))") }
            if let license = recipe.license { print("license: \(e(license))") }
            print("sandbox: \(recipe.sandbox.rawValue)")
            print("from:    \(recipe.origin.rawValue) \(e(recipe.folder))")
            print(recipe.parameters.isEmpty ? "no parameters" : "parameters:")
            for parameter in recipe.parameters {
                print(e("  \(parameter.name): \(parameter.summary)\(parameter.doc.isEmpty ? "" : "  -- \(parameter.doc)")"))
            }
        }
    }

    struct Run: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "run",
            abstract: "Run a recipe against the simulated glasses.",
            discussion: """
                A recipe runs in the sandbox its metadata declares (strict unless it says otherwise), never wider than \
                the run's own: --sandbox, standard by default. A recipe that declares trusted therefore runs trusted \
                only when you pass --sandbox trusted. The run says on stderr which sandbox it uses and why.
                Example: glasses recipe run interval-capture --param interval=10s --for 1m --out photos
                """)

        @OptionGroup var search: SearchOptions

        @OptionGroup(title: "World")
        var world: WorldOptions

        @OptionGroup(title: "Limits")
        var limits: ScriptLimitOptions

        @Option(name: .customLong("param"), help: ArgumentHelp("A parameter value (repeatable).", valueName: "name=value"))
        var parameters: [String] = []

        @Argument(help: "The recipe name, or the path of its NAME.recipe folder.")
        var name: String

        func run() throws {
            let (recipe, values) = try RecipeCommand.reportingRecipeErrors {
                let recipe = try search.catalog.recipe(named: name)
                return (recipe, try recipe.values(parameters))
            }
            var options = RunOptions()
            world.apply(to: &options)
            limits.apply(to: &options)
            // The caller's sandbox is the flag's or the default, never the recipe's own claim.
            let caller = limits.sandbox ?? .standard
            options.sandbox = recipe.sandbox.narrowed(to: caller)
            LuaConsole.writeError("glasses: recipe '\(recipe.name)' runs in the \(options.sandbox.rawValue) sandbox\(RecipeCommand.why(recipe, caller, given: limits.sandbox != nil))\n")
            let status: ExitStatus
            let report: String?
            do {
                let outcome = try RecipeCommand.reportingRecipeErrors {
                    try RecipeRunner(recipe: recipe, parameters: values, catalog: search.catalog).run(options: options, world: RunWorld.maker(for: options))
                }
                (status, report) = (ExitStatus(outcome.status), outcome.report)
            } catch let error as LuaScriptError {
                (status, report) = (.limit, error.report)
            }
            if let report { LuaConsole.writeError("glasses: \(report)\n") }
            LuaConsole.flushOutput()
            throw status
        }
    }
}

extension RecipeCommand {
    struct New: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "new",
            abstract: "Scaffold NAME.recipe (init.lua, test.lua, README.md) in a folder.")

        @Option(help: ArgumentHelp("Where to create it.", valueName: "dir"))
        var dir = "."

        @Argument(help: "The new recipe's name (lowercase letters, digits, '-').")
        var name: String

        func run() throws {
            let folder = try RecipeCommand.reportingRecipeErrors { try RecipeScaffold.create(name: name, in: dir) }
            print("created \(folder); try: glasses recipe run \(folder) --for 1m --out \(name)-photos")
        }
    }

    struct Pack: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "pack",
            abstract: "Zip a recipe into NAME-VERSION.zip to share it.")

        @OptionGroup var search: SearchOptions

        @Option(help: ArgumentHelp("Where to write the zip.", valueName: "dir"))
        var out = "."

        @Argument(help: "The recipe name, or the path of its NAME.recipe folder.")
        var name: String

        func run() throws {
            let archive = try RecipeCommand.reportingRecipeErrors {
                try RecipeArchive.pack(try search.catalog.recipe(named: name), into: out)
            }
            print("wrote \(archive); install it with: glasses recipe install \(archive)")
        }
    }

    struct Install: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "install",
            abstract: "Install a recipe into the user's recipe folder, unpinned (recipe add pins one for a project).",
            discussion: """
                SOURCE is \(RecipeSource.forms). git and curl do the fetching. What is installed runs in the sandbox it \
                declares (strict unless it says otherwise), whatever its source.
                Examples: glasses recipe install code-capture-1.2.0.zip
                          glasses recipe install git+https://example.com/team/recipes.git@v1.2#code-capture.recipe
                """)

        @Option(help: ArgumentHelp("Install here instead of the user's recipe folder.", valueName: "dir"))
        var dir: String?

        @Flag(help: "Replace an installed recipe of the same name.")
        var force = false

        @Argument(help: "Where the recipe comes from.")
        var source: String

        func run() throws {
            let target = dir ?? RecipeCatalog.userDirectory(environment: ProcessInfo.processInfo.environment)
            let recipe = try RecipeCommand.reportingSharingErrors {
                let parsed = try RecipeSource(source, currentDirectory: FileManager.default.currentDirectoryPath)
                let (fetched, folder) = try RecipeCommand.project(".").fetchOne(parsed)
                defer { fetched.discard() }
                return try RecipeInstaller.install(folder, into: target, replace: force)
            }
            print("installed \(recipe.name) \(recipe.version) in \(recipe.folder)")
            if recipe.sandbox != .strict {
                print("note: it declares the \(recipe.sandbox.rawValue) sandbox; it gets it only from a run that allows as much (recipe run --sandbox \(recipe.sandbox.rawValue))")
            }
        }
    }

    struct Uninstall: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "uninstall",
            abstract: "Remove an installed recipe from the user's recipe folder.")

        @Option(help: ArgumentHelp("Remove it from here instead of the user's recipe folder.", valueName: "dir"))
        var dir: String?

        @Argument(help: "The recipe name.")
        var name: String

        func run() throws {
            let target = dir ?? RecipeCatalog.userDirectory(environment: ProcessInfo.processInfo.environment)
            let folder = try RecipeCommand.reportingRecipeErrors { try RecipeArchive.uninstall(name, from: target) }
            print("removed \(folder)")
        }
    }
}

extension RecipeCommand {
    /// Why a recipe's sandbox is what it is, when that is not simply what it declares:
    /// the run's sandbox (`caller`, from --sandbox when `given`) narrowed it, or could not widen it.
    static func why(_ recipe: Recipe, _ caller: LuaSandbox, given: Bool) -> String {
        if caller == recipe.sandbox { return "" }
        if recipe.sandbox.narrowed(to: caller) == recipe.sandbox {
            return given ? " (it declares \(recipe.sandbox.rawValue); --sandbox \(caller.rawValue) cannot widen a recipe's sandbox)" : ""
        }
        return given
            ? " (--sandbox \(caller.rawValue) narrows the \(recipe.sandbox.rawValue) it declares)"
            : " (it declares \(recipe.sandbox.rawValue), wider than the run's default \(caller.rawValue);"
                + " pass --sandbox \(recipe.sandbox.rawValue) if you trust it)"
    }

    /// Runs `body`: a recipe problem is the usage exit code (2), a failed fetch 1, each with its message.
    static func reportingSharingErrors<T>(_ body: () throws -> T) throws -> T {
        do {
            return try reportingRecipeErrors(body)
        } catch let failure as FetchFailure {
            LuaConsole.writeError("glasses: \(TerminalText.escaped(failure.description))\n")
            throw ExitStatus.scriptError
        }
    }

    /// The project in `directory`, with the configured recipe indexes.
    static func project(_ directory: String) -> RecipeProject {
        RecipeProject(directory: directory, indexes: RecipeIndex.locations(environment: ProcessInfo.processInfo.environment))
    }

    /// Runs `body`, turning a recipe problem into the usage exit code (2) with its message.
    static func reportingRecipeErrors<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as RecipeError {
            LuaConsole.writeError("glasses: \(TerminalText.escaped(error.message))\n")
            throw ExitStatus.usage
        }
    }
}
