#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import LuaHost
import Spelling
import MessageText
import RecipeLockFile

/// A recipe folder (`NAME.recipe/init.lua`) and the metadata its `init.lua`
/// returns. Loading runs `init.lua` in a strict sandbox with no bindings, so
/// listing recipes never touches the glasses.
public struct Recipe: Sendable {
    /// Where a recipe was found; earlier places shadow later ones.
    public enum Origin: String, Sendable {
        /// Named by its folder's path instead of a name.
        case path
        /// Installed by `recipe sync` beside a `glasses.lock`, and checked against it.
        case locked = "glasses.lock"
        case option = "--recipe-path"
        case currentFolder = "current folder"
        case environment = "GLASSES_RECIPE_PATH"
        case user
        case builtIn = "built-in"
    }

    public let name: String
    public let version: String
    public let description: String
    public let author: String?
    public let license: String?
    /// What the recipe asks for beyond the default `strict` sandbox.
    public private(set) var sandbox: LuaSandbox
    public let parameters: [RecipeParameter]
    /// What it needs (`requires = {glasses = ">=0.1", recipes = {["code-capture"] = "^1.2"}}`).
    public let requirements: RecipeRequirements
    /// The `NAME.recipe` folder, also the recipe's resources path.
    public let folder: String
    public let origin: Origin

    public var initPath: String { folder + "/init.lua" }

    /// The bytes of `init.lua`, read once when the recipe was loaded: its metadata was read
    /// from them, a lock checked their hash, and a run loads them, never the file again, so
    /// a file swapped after the check cannot be what runs.
    public let initSource: [UInt8]

    /// Limits on reading one recipe's metadata: a real `init.lua` returns a
    /// table at once, so these only stop one that loops or hoards, which would
    /// otherwise hang `recipe list` and every script that calls `recipes.list()`.
    static let metadataLimits = LuaStateOptions(sandbox: .strict, memoryLimit: 16 << 20, instructionLimit: 10_000_000, timeout: 5)

    /// Reads the metadata of the recipe in `folder`. A built-in's is read here (it is
    /// ours); any other's in a child process under a deadline (``RecipeMetadataChild``),
    /// since a pattern match or a finalizer in its `init.lua` can run in C where no hook
    /// stops it, and a hang there must cost one recipe, not the listing.
    /// `source` is `init.lua`'s bytes when the caller has read them already (to check them
    /// against a lock); otherwise the file is read here, once.
    public static func load(folder: String, origin: Origin, source: [UInt8]? = nil) throws -> Recipe {
        let source = try source ?? RecipeInitFile.read(folder: folder)
        let fields = origin == .builtIn
            ? try readFields(folder: folder, source: source) : try RecipeMetadataChild.fields(folder: folder, source: source)
        return try Recipe(fields: fields, folder: folder, origin: origin, source: source)
    }

    /// The metadata fields of the recipe in `folder` whose `init.lua` holds `source`, read in
    /// this process under `metadataLimits`: what the child of ``RecipeMetadataChild`` runs.
    public static func readFields(folder: String, source: [UInt8]) throws -> [String] {
        let state = try LuaState(options: metadataLimits)
        let definition: [LuaValue]
        do {
            definition = try state.call(try state.load(source, name: folder + "/init.lua"))
        } catch {
            throw RecipeError("cannot load \(folder)/init.lua: \(error.message)")
        }
        do {
            return try state.call(try state.load(metadataReader, name: "=(recipe metadata)"), definition)
                .map { $0.string ?? "" }
        } catch {
            throw RecipeError("\(folder)/init.lua: \(error.message)")
        }
    }

    /// This recipe with its sandbox narrowed to `ceiling` (a shadowed built-in's).
    func narrowed(to ceiling: LuaSandbox) -> Recipe {
        var copy = self
        copy.sandbox = sandbox.narrowed(to: ceiling)
        return copy
    }

    private init(fields: [String], folder: String, origin: Origin, source: [UInt8]) throws {
        let file = "\(folder)/init.lua"
        guard fields.count >= 9, let needed = Int(fields[7]), (0...1_000).contains(needed), fields.count >= 9 + needed * 2,
              let count = Int(fields[8 + needed * 2]), (0...10_000).contains(count), fields.count == 9 + needed * 2 + count * 9
        else {
            throw RecipeError("\(folder)/init.lua: unexpected metadata")
        }
        requirements = try RecipeRequirements(
            glasses: fields[6].isEmpty ? nil : fields[6],
            recipes: (0..<needed).map { (fields[8 + $0 * 2], fields[9 + $0 * 2]) }, file: file)
        let first = 9 + needed * 2
        name = fields[0]
        version = fields[1]
        description = fields[2]
        author = fields[3].isEmpty ? nil : fields[3]
        license = fields[4].isEmpty ? nil : fields[4]
        guard let sandbox = LuaSandbox(rawValue: fields[5].isEmpty ? "strict" : fields[5]) else {
            throw RecipeError("\(file): sandbox '\(fields[5])' is not strict, standard or trusted")
        }
        self.sandbox = sandbox
        let expected = URL(fileURLWithPath: folder).lastPathComponent.replacing(".recipe", with: "")
        if let problem = RecipeName.problem(name) { throw RecipeError("\(file): \(problem)") }
        guard name == expected else {
            throw RecipeError("\(file): name is '\(TerminalText.quoted(name))' but the folder says '\(TerminalText.quoted(expected))'; make them match")
        }
        var parameters: [RecipeParameter] = []
        for index in 0..<count {
            let p = Array(fields[(first + index * 9)..<(first + index * 9 + 9)])
            guard let kind = RecipeParameter.Kind(rawValue: p[1]) else {
                let kinds = RecipeParameter.Kind.allCases.map(\.rawValue).joined(separator: ", ")
                throw RecipeError("\(file): parameter '\(p[0])' has type '\(p[1])'; use one of \(kinds)")
            }
            let parameter = RecipeParameter(
                name: p[0], kind: kind, defaultText: p[2] == "1" ? p[3] : nil, minimum: Double(p[4]),
                maximum: Double(p[5]), values: p[6].split(separator: "|").map(String.init), integerValues: p[8] == "1", doc: p[7])
            if kind == .enum, parameter.values.isEmpty {
                throw RecipeError("\(file): enum parameter '\(p[0])' needs values = {...}")
            }
            if let text = parameter.defaultText {
                do { _ = try parameter.value(from: text) } catch { throw RecipeError("\(file): default of \(error.message)") }
            }
            parameters.append(parameter)
        }
        self.parameters = parameters
        self.folder = folder
        self.origin = origin
        initSource = source
    }

    /// Checks `assignments` (`k=v` from `--param`) against the parameters; fills in defaults.
    public func values(_ assignments: [String]) throws(RecipeError) -> [String: LuaValue] {
        var given: [String: String] = [:]
        for assignment in assignments {
            guard let equals = assignment.firstIndex(of: "=") else {
                throw RecipeError("--param '\(assignment)' needs the form name=value")
            }
            let key = String(assignment[..<equals])
            // Silently keeping the last of two would hide a typo in a long command line.
            guard given.updateValue(String(assignment[assignment.index(after: equals)...]), forKey: key) == nil else {
                throw RecipeError("--param \(key) is given more than once; give it once")
            }
        }
        return try values(given: given)
    }

    /// Checks values given as text by parameter name; fills in defaults.
    public func values(given: [String: String]) throws(RecipeError) -> [String: LuaValue] {
        for key in given.keys.sorted() where !parameters.contains(where: { $0.name == key }) {
            let known = parameters.map(\.name).joined(separator: ", ")
            let hint = NameSuggestion.hint(for: key, in: Set(parameters.map(\.name)))
            throw RecipeError("recipe '\(name)' has no parameter '\(key)'\(hint) (it has: \(known.isEmpty ? "none" : known))")
        }
        var values: [String: LuaValue] = [:]
        for parameter in parameters {
            guard let text = given[parameter.name] ?? parameter.defaultText else {
                throw RecipeError("recipe '\(name)' needs --param \(parameter.name)=... (\(parameter.summary))")
            }
            values[parameter.name] = try parameter.value(from: text)
        }
        return values
    }
}

/// Flattens what `init.lua` returned into strings, checking its shape:
/// 7 header fields, the requirements (glasses, a count, then name and range per recipe),
/// a parameter count, then 9 per parameter (the last: "1" for an enum of whole numbers).
private let metadataReader = """
    local def = ...
    local function need(ok, message) if not ok then error(message, 0) end end
    need(type(def) == "table", "init.lua must return a table {name=, version=, description=, params=, start=}")
    for _, key in ipairs({"name", "version", "description"}) do
      need(type(def[key]) == "string" and def[key] ~= "", "init.lua: '" .. key .. "' must be a non-empty string")
    end
    need(type(def.start) == "function", "init.lua: 'start' must be a function(ctx, params)")
    need(def.stop == nil or type(def.stop) == "function", "init.lua: 'stop' must be a function(ctx) or nil")
    local params = def.params or {}
    need(type(params) == "table", "init.lua: 'params' must be a list of {name=, type=, default=, ...}")
    local requires = def.requires or {}
    need(type(requires) == "table", "init.lua: 'requires' must be a table {glasses = RANGE, recipes = {[NAME] = RANGE}}")
    for key in pairs(requires) do
      need(key == "glasses" or key == "recipes", "init.lua: requires." .. tostring(key) .. " is unknown; use glasses= or recipes=")
    end
    need(requires.glasses == nil or type(requires.glasses) == "string", "init.lua: requires.glasses must be a version range string")
    local needed = requires.recipes or {}
    need(type(needed) == "table", "init.lua: requires.recipes must be a table {[NAME] = RANGE}")
    local names = {}
    for name, range in pairs(needed) do
      need(type(name) == "string" and type(range) == "string", "init.lua: requires.recipes must map names to range strings")
      names[#names + 1] = name
    end
    table.sort(names)
    local out = {def.name, def.version, def.description, tostring(def.author or ""), tostring(def.license or ""),
      tostring(def.sandbox or ""), requires.glasses or "", tostring(#names)}
    for _, name in ipairs(names) do
      out[#out + 1] = name
      out[#out + 1] = needed[name]
    end
    out[#out + 1] = tostring(#params)
    for i, p in ipairs(params) do
      need(type(p) == "table" and type(p.name) == "string" and type(p.type) == "string",
        "init.lua: params[" .. i .. "] needs name= and type= strings")
      local values, integers = {}, #(p.values or {}) > 0
      for _, v in ipairs(p.values or {}) do
        values[#values + 1] = tostring(v)
        integers = integers and math.type(v) == "integer"
      end
      for _, v in ipairs({p.name, p.type, p.default ~= nil and "1" or "0", p.default == nil and "" or tostring(p.default),
          tostring(p.min or ""), tostring(p.max or ""), table.concat(values, "|"), tostring(p.doc or ""),
          integers and "1" or "0"}) do
        out[#out + 1] = v
      end
    end
    return table.unpack(out)
    """
