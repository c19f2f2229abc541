#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import LuaHost

/// The `recipes` module: scripts list, describe and start recipes, so one
/// recipe can start another by name (a trigger plus a reconnection policy).
public struct RecipesPlugin: GlassesPlugin {
    public let catalog: RecipeCatalog

    public init(catalog: RecipeCatalog = RecipeCatalog(recipePaths: [])) {
        self.catalog = catalog
    }

    public func install(in runtime: ScriptRuntime) throws(LuaScriptError) {
        let catalog = catalog
        let known: LuaArgumentRule = { arguments in
            guard case .string(let name)?? = arguments.first, let problem = catalog.problem(naming: name) else { return nil }
            return LuaArgumentError(argument: 1, message: problem)
        }
        runtime.state.declare(Self.context)
        runtime.state.declare(Self.handle)
        try runtime.state.register(
            LuaModule(
                name: "recipes", doc: "Shareable capture recipes (NAME.recipe folders) along the recipe search path.",
                functions: [
                    LuaFunction(
                        name: "list",
                        returns: [.array(.record(Self.summaryType))],
                        doc: "The recipes found, one per name (earlier places shadow later ones)."
                    ) { _ in
                        let recipes = catalog.list().compactMap { try? $0.get() }
                        return .value(.array(recipes.map(RecipesPlugin.summary)))
                    },
                    LuaFunction(
                        name: "info",
                        parameters: [LuaParameter("name", .string)],
                        returns: [.record(Self.summaryType + [LuaParameter("params", .array(.record(Self.parameterType)))])],
                        doc: "A recipe's metadata and parameters.",
                        rule: known
                    ) { [unowned runtime] call in
                        let recipe = try RecipesPlugin.recipe(catalog, try call.string(1), runtime)
                        var info = RecipesPlugin.summaryFields(recipe)
                        info["params"] = .array(recipe.parameters.map { parameter in
                            var fields: [String: LuaValue] = [
                                "name": .string(parameter.name), "type": .string(parameter.kind.rawValue),
                                "doc": .string(parameter.doc), "summary": .string(parameter.summary),
                            ]
                            if let text = parameter.defaultText { fields["default"] = .string(text) }
                            return .table(fields)
                        })
                        return .value(.table(info))
                    },
                    LuaFunction(
                        name: "run",
                        parameters: [LuaParameter("name", .string), .optional("params", .table)],
                        returns: [.named("RecipeHandle")],
                        doc: "Start a recipe in its own task, in the sandbox it declares (never wider than the caller's); params are checked like --param. Returns {name, status, stop(self)} plus what the recipe exposes (ctx:expose); status is \"gave_up\" once it gives up (ctx:give_up).",
                        rule: known
                    ) { [unowned runtime] call in
                        let recipe = try RecipesPlugin.recipe(catalog, try call.string(1), runtime)
                        if let problem = recipe.requirements.hostProblem(recipe: recipe.name) { throw LuaError(problem) }
                        let given = try RecipesPlugin.texts(call, recipe)
                        let values: [String: LuaValue]
                        do { values = try recipe.values(given: given) } catch { throw LuaError("\(error)") }
                        return .value(try RecipesPlugin.start(recipe, values, in: runtime))
                    },
                ],
                example: ModuleExamples.recipes))
    }

    /// What ``summaryFields(_:)`` holds: `recipes.list` items, the head of `recipes.info`.
    static let summaryType = ["name", "version", "description", "origin"].map { LuaParameter($0, .string) }

    /// A parameter as `recipes.info` describes it.
    static let parameterType = [
        LuaParameter("name", .string), LuaParameter("type", .string), .optional("default", .string), LuaParameter("doc", .string),
        LuaParameter("summary", .string),
    ]

    /// The `ctx` a recipe's start and stop get, built by context.lua.
    static let context = LuaClassDeclaration(
        name: "RecipeContext", doc: "What a recipe's start(ctx, params) and stop(ctx) get: its name, folders, log and lifetime.",
        methods: [
            ("hold", [LuaParameter("handle", .any)], [.any],
             "Keep a handle, timer, task, camera or session (or a cleanup function) until the recipe stops; returns it."),
            ("expose", [LuaParameter("name", .string), LuaParameter("value", .any)], [],
             "Offer `value` to scripts as `handle[name]` (nil withdraws it)."),
            ("give_up", [LuaParameter("format", .string), .rest()], [],
             "End the recipe for good: status \"gave_up\", what it holds released, and an error raised in the calling task."),
        ],
        fields: [
            LuaBindings.Field(name: "name", type: .string, doc: "The recipe's name."),
            LuaBindings.Field(name: "output", type: .string, doc: "The run's output folder (--out)."),
            LuaBindings.Field(name: "resources", type: .string, doc: "The recipe's own folder."),
            LuaBindings.Field(
                name: "log",
                type: .record(["debug", "info", "warn", "error"].map { LuaParameter($0, .fun([LuaParameter("format", .string), .rest()])) }),
                doc: "log.* with the recipe's name in front."),
        ])

    /// What `recipes.run` returns, built by context.lua.
    static let handle = LuaClassDeclaration(
        name: "RecipeHandle", doc: "A running recipe; also holds what it exposes (ctx:expose).",
        methods: [("stop", [], [], "Stop the recipe: its stop(ctx) runs, then what it holds is released.")],
        fields: [
            LuaBindings.Field(name: "name", type: .string, doc: "The recipe's name."),
            LuaBindings.Field(
                name: "status", type: .strings(["starting", "running", "failed", "gave_up", "stopped"]),
                doc: "\"gave_up\" once it gives up (ctx:give_up)."),
        ],
        open: true)

    /// Loads the recipe's definition and the context chunk, then spawns `start` as a task.
    static func start(_ recipe: Recipe, _ values: [String: LuaValue], in runtime: ScriptRuntime) throws -> LuaValue {
        let context: String
        switch RecipeResources.directory {
        case .success(let folder): context = folder + "/context.lua"
        case .failure(let error): throw LuaError(error.message)
        }
        let state = runtime.state
        // Its files too follow the sandbox it declares, narrowed to the caller's: a strict
        // recipe started by a trusted script still writes only under --out.
        let paths = PathPolicy(directory: runtime.options.outputDirectory,
                               sandbox: recipe.sandbox.narrowed(to: runtime.currentPaths.sandbox))
        paths.allowReading(recipe.folder)
        // In a wider run (a standard or trusted script), the recipe's own code still gets only what it declares.
        // The bytes read when the recipe was found (and checked against a lock), not the file again.
        let chunk = try state.load(recipe.initSource, name: recipe.initPath, sandbox: recipe.sandbox, modulePaths: [recipe.folder + "/?.lua"])
        let definition = try state.call(chunk).first ?? .nil
        let output = runtime.options.outputDirectory ?? FileManager.default.currentDirectoryPath
        let info: LuaValue = .table([
            "name": .string(recipe.name), "output": .string(output), "resources": .string(recipe.folder),
        ])
        let results = try state.call(try state.loadFile(context), [definition, .table(values), info])
        guard results.count == 2, case .ref(let run) = results[1] else { throw LuaError("the recipe context chunk is broken") }
        try runtime.spawn(run, [], label: "recipe \(recipe.name)", paths: paths)
        return results[0]
    }

    /// The recipe `name` names; a path to its folder must be one the caller's sandbox may
    /// read (the script's folder or --out), checked before the folder is looked at.
    private static func recipe(_ catalog: RecipeCatalog, _ name: String, _ runtime: ScriptRuntime) throws -> Recipe {
        if RecipeCatalog.isPath(name) {
            do { try runtime.currentPaths.checkReadableFolder(name) } catch {
                throw LuaError("cannot use the recipe '\(name)': \(error)")
            }
        }
        do { return try catalog.recipe(named: name) } catch { throw LuaError(error.message) }
    }

    /// Parameter values from the optional table argument, as text for ``Recipe/values(given:)``.
    private static func texts(_ call: LuaCall, _ recipe: Recipe) throws -> [String: String] {
        guard let table = try call.optionalTable(2) else { return [:] }
        var given: [String: String] = [:]
        // A misspelt name must not start the recipe with its default: every key has to be a parameter.
        if case .ref(let ref) = try call.value(2), let (entries, _) = try call.state.rawEntries(ref, limit: recipe.parameters.count + 1) {
            for (key, _) in entries {
                guard case .string(let name) = key else {
                    throw LuaError("recipe '\(recipe.name)': parameters are named (a table of name = value), not a list")
                }
                if !recipe.parameters.contains(where: { $0.name == name }) { given[name] = "" }
            }
        }
        for parameter in recipe.parameters {
            switch try table.value(parameter.name) {
            case .nil: continue
            case .string(let text): given[parameter.name] = text
            case .integer(let number): given[parameter.name] = String(number)
            // 15.0 is the integer 15 to Lua (15.0 == 15); as text it must not read as a fraction.
            case .number(let number) where number.rounded() == number && abs(number) < 1e15:
                given[parameter.name] = String(Int64(number))
            case .number(let number): given[parameter.name] = String(number)
            case .boolean(let flag): given[parameter.name] = String(flag)
            default: throw LuaError("recipe '\(recipe.name)': parameter '\(parameter.name)' must be a string, number or boolean")
            }
        }
        return given
    }

    private static func summaryFields(_ recipe: Recipe) -> [String: LuaValue] {
        [
            "name": .string(recipe.name), "version": .string(recipe.version),
            "description": .string(recipe.description), "origin": .string(recipe.origin.rawValue),
        ]
    }

    private static func summary(_ recipe: Recipe) -> LuaValue { .table(summaryFields(recipe)) }
}
