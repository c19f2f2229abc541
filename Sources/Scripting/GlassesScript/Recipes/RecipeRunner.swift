#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import LuaHost
import WearablesCore
import WearablesWorld
import RecipeLockFile

/// Runs a recipe as a script: the runtime gets the recipe's sandbox and a
/// `recipes` module on the same search path, the driver chunk starts the recipe
/// through it, and the recipe's `stop` runs when the run ends.
public struct RecipeRunner {
    public let recipe: Recipe
    public let parameters: [String: LuaValue]
    public let catalog: RecipeCatalog

    public init(recipe: Recipe, parameters: [String: LuaValue], catalog: RecipeCatalog) {
        self.recipe = recipe
        self.parameters = parameters
        self.catalog = catalog
    }

    /// Runs on `options`, in the world `world` builds, in the recipe's declared sandbox
    /// narrowed to `options.sandbox` (the caller's). `prepared` sees the runtime before the
    /// recipe starts (an app keeps its interrupt handle to stop the run).
    public func run(options: RunOptions, world: ScriptRuntime.WorldMaker,
                    prepared: (ScriptRuntime) -> Void = { _ in }) throws -> LuaRunOutcome {
        if let problem = recipe.requirements.hostProblem(recipe: recipe.name) { throw RecipeError(problem) }
        let driver = try RecipeResources.directory.get() + "/driver.lua"
        var options = options
        options.sandbox = recipe.sandbox.narrowed(to: options.sandbox)
        // The recipe's own folder comes first, so `recipes.run(name)` starts this very recipe.
        let own = RecipeCatalog.Place(directory: URL(fileURLWithPath: recipe.folder).deletingLastPathComponent().path, origin: recipe.origin)
        let search = RecipeCatalog(places: [own] + catalog.places, currentDirectory: catalog.currentDirectory)
        let plugins = ScriptRuntime.builtInPlugins.filter { !($0 is RecipesPlugin) } + [RecipesPlugin(catalog: search)]
        let runtime = try ScriptRuntime(options: options, world: world, modulePaths: [recipe.folder + "/?.lua"], plugins: plugins)
        let state = runtime.state
        try state.setGlobal("_RECIPE", .table(["name": .string(recipe.name), "params": .table(parameters)]))
        prepared(runtime)
        let outcome = runtime.run(script: driver, arguments: [], sharesFolder: false)
        if case .ref(let handle)? = try? state.global("_RECIPE_HANDLE"), case .ref(let stop)? = try? state.field(handle, "stop") {
            state.clearStop()
            _ = try? state.call(stop, [.ref(handle)])
        }
        runtime.flush()
        return runtime.close(outcome)
    }
}
