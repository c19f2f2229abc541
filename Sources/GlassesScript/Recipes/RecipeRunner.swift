import Foundation
import LuaHost

/// Runs a recipe as a script: the runtime gets the recipe's sandbox, the
/// driver chunk builds `ctx` and calls `start`, and `stop` runs when the run ends.
public struct RecipeRunner {
    public let recipe: Recipe
    public let parameters: [String: LuaValue]

    public init(recipe: Recipe, parameters: [String: LuaValue]) {
        self.recipe = recipe
        self.parameters = parameters
    }

    /// The driver chunk shipped with the package.
    static var driverPath: String? {
        Bundle.module.url(forResource: "driver", withExtension: "lua", subdirectory: "Resources")?.path
    }

    /// Runs on `options` with the sandbox replaced by the recipe's own.
    public func run(options: RunOptions) throws -> LuaRunOutcome {
        guard let driver = RecipeRunner.driverPath else {
            throw RecipeError("the recipe driver is missing from the GlassesScript resources; reinstall glasses")
        }
        var options = options
        options.sandbox = recipe.sandbox
        let runtime = try ScriptRuntime(options: options, modulePaths: [recipe.folder + "/?.lua"])
        let state = runtime.state
        let definition: LuaValue
        do {
            definition = try state.call(try state.loadFile(recipe.initPath)).first ?? .nil
        } catch {
            throw RecipeError("cannot load \(recipe.initPath): \(error.message)")
        }
        let output = options.outputDirectory ?? FileManager.default.currentDirectoryPath
        try state.setGlobal(
            "_RECIPE",
            .table([
                "definition": definition, "params": .table(parameters), "name": .string(recipe.name),
                "output": .string(output), "resources": .string(recipe.folder),
            ]))
        let outcome = runtime.run(script: driver, arguments: [])
        if case .ref(let stop)? = try? state.global("_RECIPE_STOP") {
            state.clearStop()
            _ = try? state.call(stop)
        }
        runtime.flush()
        return outcome
    }
}
