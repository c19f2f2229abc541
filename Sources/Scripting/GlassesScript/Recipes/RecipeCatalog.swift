import Spelling
import Locking
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import LuaHost
import RecipeLockFile

/// Finds recipes along a search path, Hammerspoon-Spoon style: `--recipe-path`
/// folders, then the current folder, then `GLASSES_RECIPE_PATH` (colon-separated),
/// then the user's folder, then the built-ins. A name found earlier shadows later
/// ones. A path to a `NAME.recipe` folder names that recipe wherever a name is taken.
/// With a `glasses.lock` in the current folder, the recipes it pins come first of
/// all, and each is checked against its pinned hashes before it is read.
public struct RecipeCatalog: Sendable {
    public struct Place: Sendable, Equatable {
        public let directory: String
        public let origin: Recipe.Origin

        public init(directory: String, origin: Recipe.Origin) {
            self.directory = directory
            self.origin = origin
        }
    }

    /// Resolved on use: the built-in folder is written out on first use, which
    /// every `glasses run` would pay for at start-up while few scripts ever
    /// look a recipe up.
    private let search: @Sendable () -> [Place]

    /// What a relative recipe path is relative to.
    let currentDirectory: String

    /// The folders searched, in order.
    public var places: [Place] { search() }

    public init(places: [Place], currentDirectory: String = FileManager.default.currentDirectoryPath) {
        search = { places }
        self.currentDirectory = currentDirectory
    }

    /// The standard search path for this process.
    public init(
        recipePaths: [String], environment: [String: String] = ProcessInfo.processInfo.environment,
        currentDirectory: String = FileManager.default.currentDirectoryPath
    ) {
        self.currentDirectory = currentDirectory
        var places: [Place] = []
        if FileManager.default.fileExists(atPath: currentDirectory + "/" + RecipeLock.fileName) {
            places.append(Place(directory: currentDirectory + "/" + RecipeLock.folderName, origin: .locked))
        }
        places += recipePaths.map { Place(directory: $0, origin: .option) }
        // So the commands `recipe new` suggests work from the folder that holds the new recipe.
        places.append(Place(directory: currentDirectory, origin: .currentFolder))
        for directory in (environment["GLASSES_RECIPE_PATH"] ?? "").split(separator: ":") {
            places.append(Place(directory: String(directory), origin: .environment))
        }
        places.append(Place(directory: RecipeCatalog.userDirectory(environment: environment), origin: .user))
        let searched = places
        search = {
            guard case .success(let builtIn) = RecipeCatalog.builtInDirectory else { return searched }
            return searched + [Place(directory: builtIn, origin: .builtIn)]
        }
    }

    /// `$XDG_DATA_HOME/glasses/recipes`, else `~/.local/share/glasses/recipes`.
    public static func userDirectory(environment: [String: String]) -> String {
        let data = environment["XDG_DATA_HOME"].flatMap { $0.isEmpty ? nil : $0 }
            ?? (environment["HOME"] ?? FileManager.default.homeDirectoryForCurrentUser.path) + "/.local/share"
        return data + "/glasses/recipes"
    }

    /// The recipes shipped in the binary, written out on first use (see `RecipeResources`).
    public static var builtInDirectory: Result<String, RecipeError> {
        RecipeResources.directory.map { $0 + "/builtin" }
    }

    /// Every recipe folder, in search order, shadowed ones included (see ``list()``).
    public func folders() -> [(name: String, folder: String, origin: Recipe.Origin)] {
        search().flatMap { place in
            let entries = (try? FileManager.default.contentsOfDirectory(atPath: place.directory)) ?? []
            return entries.filter { $0.hasSuffix(".recipe") }.sorted().map {
                (String($0.dropLast(".recipe".count)), place.directory + "/" + $0, place.origin)
            }
        }
    }

    /// The visible recipes (first of each name), sorted by name; broken ones come back as errors.
    public func list() -> [Result<Recipe, RecipeError>] {
        var seen: Set<String> = []
        let visible = folders().filter { seen.insert($0.name).inserted }
        // A locked recipe is checked against its lock before its init.lua runs at all.
        RecipeMetadataChild.prefetch(visible.filter { ![.builtIn, .locked].contains($0.origin) }.map(\.folder))
        var results: [(String, Result<Recipe, RecipeError>)] = []
        for entry in visible {
            results.append((entry.name, RecipeCatalog.load(entry.folder, entry.origin).map(RecipeCatalog.heldToBuiltIn)))
        }
        return results.sorted { $0.0 < $1.0 }.map(\.1)
    }

    /// The recipe `name` as the search path resolves it, or the one in the
    /// folder `name` when it is a path (it has a `/` or ends in `.recipe`).
    public func recipe(named name: String) throws(RecipeError) -> Recipe {
        try RecipeCatalog.checkLength(name)
        if name.contains("/") || name.hasSuffix(".recipe") {
            let base = URL(fileURLWithPath: currentDirectory, isDirectory: true)
            let folder = URL(fileURLWithPath: name, relativeTo: base).standardizedFileURL.path
            guard FileManager.default.fileExists(atPath: folder + "/init.lua") else {
                throw RecipeError("\(name) is not a recipe folder: \(folder)/init.lua does not exist")
            }
            return try RecipeCatalog.load(folder, .path).get()
        }
        let found = folders()
        if let problem = try unsynced(name, found: found) { throw RecipeError(problem) }
        guard let entry = found.first(where: { $0.name == name }) else {
            throw RecipeError(RecipeCatalog.missing(name, among: found.map(\.name)))
        }
        return RecipeCatalog.heldToBuiltIn(try RecipeCatalog.load(entry.folder, entry.origin).get())
    }

    /// A recipe found before the built-in of the same name shadows it: that is said (on
    /// stderr), and it runs in no wider a sandbox than the built-in declares, so a
    /// `reconnect.recipe` dropped in the current folder cannot ask for more than the
    /// `reconnect` a script meant.
    static func heldToBuiltIn(_ recipe: Recipe) -> Recipe {
        // A shadowing folder is said once per process, however often it is listed.
        guard recipe.origin != .builtIn, case .success(let builtIns) = builtInDirectory else { return recipe }
        let folder = builtIns + "/" + recipe.name + ".recipe"
        // The built-in's own folder, named by its path, shadows nothing.
        guard folder != recipe.folder, FileManager.default.fileExists(atPath: folder + "/init.lua") else { return recipe }
        let ceiling = (try? Recipe.load(folder: folder, origin: .builtIn).sandbox) ?? .strict
        let held = recipe.narrowed(to: ceiling)
        guard warned.withLock({ $0.insert(recipe.folder).inserted }) else { return held }
        LuaConsole.writeError(
            "glasses: warning: \(recipe.folder) (\(recipe.origin.rawValue)) shadows the built-in recipe '\(recipe.name)' and runs in its "
                + "sandbox at most (\(held.sandbox.rawValue)); rename the folder to keep both\n")
        return held
    }

    /// Why `name` finds no recipe, or nil when it names one (or is a folder path,
    /// judged when it is loaded): the rule `recipes.run` and `glasses check` share.
    /// A name the lock pins but `recipe sync` has not installed says so, as
    /// `glasses recipe run` does, rather than suggesting a similar name found elsewhere.
    public func problem(naming name: String) -> String? {
        do throws(RecipeError) { try RecipeCatalog.checkLength(name) } catch { return error.message }
        if name.contains("/") || name.hasSuffix(".recipe") { return nil }
        let found = folders()
        do throws(RecipeError) {
            if let problem = try unsynced(name, found: found) { return problem }
        } catch { return error.message }
        let names = found.map(\.name)
        return names.contains(name) ? nil : RecipeCatalog.missing(name, among: names)
    }

    /// When a `glasses.lock` pins `name` but its folder under `.glasses/recipes` is
    /// missing (a fresh clone before `recipe sync`), that cause and its fix.
    private func unsynced(_ name: String, found: [(name: String, folder: String, origin: Recipe.Origin)]) throws(RecipeError) -> String? {
        guard let locked = search().first(where: { $0.origin == .locked }),
            !found.contains(where: { $0.name == name && $0.origin == .locked })
        else { return nil }
        let lockPath = RecipeCatalog.lockPath(lockedFolder: locked.directory)
        guard try RecipeLock.read(lockPath)?.recipes[name] != nil else { return nil }
        return "recipe '\(name)' is pinned in \(lockPath) but not installed; run `glasses recipe sync`"
    }

    private static let warned = Locked<Set<String>>([])

    /// Whether `name` is a path to a `NAME.recipe` folder rather than a name.
    static func isPath(_ name: String) -> Bool { name.contains("/") || name.hasSuffix(".recipe") }

    /// The longest recipe name or folder path taken (a path's limit on Linux); checked
    /// before any search or suggestion, which would cost time in proportion to it.
    public static let maxNameBytes = 4096

    static func checkLength(_ name: String) throws(RecipeError) {
        guard name.utf8.count <= maxNameBytes else {
            throw RecipeError("a recipe name or path is at most \(maxNameBytes) bytes; this one is \(name.utf8.count): give the recipe's name")
        }
    }

    private static func missing(_ name: String, among names: [String]) -> String {
        "no recipe named '\(name)'\(NameSuggestion.hint(for: name, in: Set(names))); `glasses recipe list` shows the recipes found"
    }

    /// The lock file a `.glasses/recipes` folder was installed from: two levels up.
    static func lockPath(lockedFolder: String) -> String {
        URL(fileURLWithPath: lockedFolder).deletingLastPathComponent().deletingLastPathComponent().path + "/" + RecipeLock.fileName
    }

    private static func load(_ folder: String, _ origin: Recipe.Origin) -> Result<Recipe, RecipeError> {
        do {
            if origin == .locked {
                // Checked before init.lua runs at all: a drifted tree is not read.
                let lockPath = lockPath(lockedFolder: URL(fileURLWithPath: folder).deletingLastPathComponent().path)
                let name = String(URL(fileURLWithPath: folder).lastPathComponent.dropLast(".recipe".count))
                guard let lock = try RecipeLock.read(lockPath) else {
                    return .failure(RecipeError("\(folder) was installed from \(lockPath), which is gone; run `glasses recipe sync` again"))
                }
                // init.lua is read once: those bytes are hashed for the check, read for the
                // metadata and loaded by a run, so a file swapped after the check never runs.
                let source = try RecipeInitFile.read(folder: folder)
                if let problem = lock.problem(with: name, folder: folder, lockPath: lockPath, initSource: source) {
                    return .failure(RecipeError(problem))
                }
                return .success(try Recipe.load(folder: folder, origin: origin, source: source))
            }
            return .success(try Recipe.load(folder: folder, origin: origin))
        } catch let error as RecipeError {
            return .failure(error)
        } catch {
            return .failure(RecipeError("\(folder): \(error)"))
        }
    }
}
