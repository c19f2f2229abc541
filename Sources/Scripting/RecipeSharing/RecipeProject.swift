#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import GlassesScript
import RecipeLockFile

/// A folder whose scripts pin their recipes in `glasses.lock`, with the pinned
/// recipes installed in `.glasses/recipes` beside it (what `glasses run` and
/// `recipes.run` then use, checked against the lock's hashes).
public struct RecipeProject {
    public let directory: String
    /// Index locations searched for recipes named without a source.
    public let indexes: [String]

    public init(directory: String, indexes: [String]) {
        self.directory = URL(fileURLWithPath: directory).standardizedFileURL.path
        self.indexes = indexes
    }

    public var lockPath: String { directory + "/" + RecipeLock.fileName }
    public var recipesFolder: String { directory + "/" + RecipeLock.folderName }

    /// One recipe ready to be installed and pinned.
    struct Planned {
        let recipe: Recipe
        let tree: RecipeTree
        let folder: String
        let source: RecipeSource
        let resolved: String
    }

    // MARK: add, remove

    /// Fetches `source`, resolves what it requires, installs it all and pins it.
    /// `replace` lets a recipe of the same name from another source take the pin.
    public func add(_ source: RecipeSource, replace: Bool) throws -> [String] {
        var lock = try RecipeLock.read(lockPath) ?? RecipeLock()
        var fetches: [FetchedSource] = []
        defer { fetches.forEach { $0.discard() } }
        let (resolvedSource, expected) = try resolveThroughIndexes(source)
        let fetched = try RecipeFetcher.fetch(resolvedSource)
        fetches.append(fetched)
        let first = try plan(fetched, folder: try fetched.recipeFolder(), expected: expected)
        if let pinned = lock.recipes[first.recipe.name], pinned.source != first.source.description, !replace {
            throw RecipeError("two recipes named '\(first.recipe.name)': \(RecipeLock.fileName) pins it from \(pinned.source), this one is from \(first.source); remove the pin first (glasses recipe remove \(first.recipe.name)) or add --force")
        }
        var planned = [first]
        try resolveRequirements(of: first, from: fetched, lock: lock, planned: &planned, fetches: &fetches)
        try checkDependents(planned, lock: lock)
        var lines: [String] = []
        for item in planned {
            try RecipeInstaller.install(item.folder, into: recipesFolder, replace: true, origin: .locked)
            lock.recipes[item.recipe.name] = entry(for: item)
            lines.append("pinned \(item.recipe.name) \(item.recipe.version) from \(item.source) (\(short(item.resolved)))")
        }
        try lock.write(lockPath)
        return lines
    }

    /// Unpins `name` and removes its installed folder; refused while another pin needs it.
    public func remove(_ name: String) throws -> String {
        var lock = try existingLock()
        guard lock.recipes[name] != nil else {
            throw RecipeError("\(lockPath) pins no recipe named '\(name)' (it pins: \(lock.recipes.keys.sorted().joined(separator: ", ")))")
        }
        if let (dependent, range) = lock.recipes.first(where: { $0.value.requires?[name] != nil }).map({ ($0.key, $0.value.requires![name]!) }) {
            throw RecipeError("'\(dependent)' requires '\(name)' \(range); remove '\(dependent)' first")
        }
        lock.recipes[name] = nil
        try lock.write(lockPath)
        try? FileManager.default.removeItem(atPath: recipesFolder + "/" + name + ".recipe")
        return "removed \(name) from \(lockPath)"
    }

    // MARK: sync, update, verify

    /// Installs exactly what the lock pins, fetching only what is missing or
    /// drifted, and removes installed recipes the lock does not name. Everything
    /// is fetched and checked before anything installed changes.
    public func sync() throws -> [String] {
        let lock = try existingLock()
        var fetches: [FetchedSource] = []
        defer { fetches.forEach { $0.discard() } }
        var staged: [(String, String)] = []
        var lines: [String] = []
        for (name, entry) in lock.recipes.sorted(by: { $0.key < $1.key }) {
            let installed = recipesFolder + "/" + name + ".recipe"
            if (try? RecipeTree(reading: installed)) == entry.tree {
                lines.append("\(name) \(entry.version): up to date")
                continue
            }
            let source = try RecipeSource(entry.source, currentDirectory: directory)
            let fetched = try RecipeFetcher.fetch(source, pin: entry.resolved)
            fetches.append(fetched)
            let folder = try fetched.recipeFolder(named: name)
            let tree = try RecipeTree(reading: folder)
            let changes = tree.differences(from: entry.tree)
            guard changes.isEmpty else {
                throw RecipeError("\(entry.source) at \(short(entry.resolved)) no longer gives the files \(RecipeLock.fileName) pins for '\(name)' (\(changes.prefix(5).joined(separator: "; "))); nothing installed changed. If the change is meant: glasses recipe update \(name)")
            }
            staged.append((name, folder))
            lines.append("\(name) \(entry.version): installed from \(entry.source) (\(short(entry.resolved)))")
        }
        for (_, folder) in staged { try RecipeInstaller.install(folder, into: recipesFolder, replace: true, origin: .locked) }
        for extra in installedNames() where lock.recipes[extra] == nil {
            try? FileManager.default.removeItem(atPath: recipesFolder + "/" + extra + ".recipe")
            lines.append("\(extra): removed (not in \(RecipeLock.fileName))")
        }
        return lines
    }

    /// Moves the pins of `name` (every pin when nil) to what their sources give now;
    /// `ref` gives a git source a new tag, branch or commit.
    public func update(_ name: String?, ref: String?) throws -> [String] {
        var lock = try existingLock()
        let names = try name.map { name -> [String] in
            guard lock.recipes[name] != nil else { throw RecipeError("\(lockPath) pins no recipe named '\(name)'; add it with glasses recipe add SOURCE") }
            return [name]
        } ?? lock.recipes.keys.sorted()
        guard ref == nil || names.count == 1 else { throw RecipeError("--ref moves one recipe's pin; name the recipe") }
        var fetches: [FetchedSource] = []
        defer { fetches.forEach { $0.discard() } }
        var planned: [Planned] = []
        for name in names {
            let old = lock.recipes[name]!
            var source = try RecipeSource(old.source, currentDirectory: directory)
            if let ref {
                guard case .git(let repository, _) = source.kind else { throw RecipeError("--ref applies to git sources; '\(name)' comes from \(old.source)") }
                source = RecipeSource(kind: .git(repository: repository, ref: ref), subpath: source.subpath)
            }
            let fetched = try RecipeFetcher.fetch(source)
            fetches.append(fetched)
            let item = try plan(fetched, folder: try fetched.recipeFolder(named: name), expected: nil)
            var others = lock
            others.recipes[name] = nil
            var withDependencies = [item]
            try resolveRequirements(of: item, from: fetched, lock: others, planned: &withDependencies, fetches: &fetches)
            planned += withDependencies
        }
        try checkDependents(planned, lock: lock)
        var lines: [String] = []
        for item in planned {
            let old = lock.recipes[item.recipe.name]
            try RecipeInstaller.install(item.folder, into: recipesFolder, replace: true, origin: .locked)
            lock.recipes[item.recipe.name] = entry(for: item)
            let from = old.map { "\($0.version) (\(short($0.resolved)))" } ?? "not pinned"
            lines.append("\(item.recipe.name): \(from) -> \(item.recipe.version) (\(short(item.resolved)))")
        }
        try lock.write(lockPath)
        return lines
    }

    /// What differs between the installed recipes and the lock, one line each; empty when all match.
    public func verify() throws -> [String] {
        let lock = try existingLock()
        var problems: [String] = []
        for (name, entry) in lock.recipes.sorted(by: { $0.key < $1.key }) {
            let folder = recipesFolder + "/" + name + ".recipe"
            guard FileManager.default.fileExists(atPath: folder) else {
                problems.append("\(name): not installed (glasses recipe sync installs it)")
                continue
            }
            do {
                problems += try RecipeTree(reading: folder).differences(from: entry.tree).map { "\(name): \($0)" }
            } catch {
                problems.append("\(name): \(error.message)")
            }
        }
        for extra in installedNames() where lock.recipes[extra] == nil {
            problems.append("\(extra): installed but not in \(RecipeLock.fileName) (glasses recipe sync removes it)")
        }
        return problems
    }

    // MARK: resolution

    private func existingLock() throws -> RecipeLock {
        guard let lock = try RecipeLock.read(lockPath) else {
            throw RecipeError("no \(RecipeLock.fileName) in \(directory); pin a recipe first with glasses recipe add SOURCE")
        }
        return lock
    }

    private func installedNames() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: recipesFolder)) ?? [])
            .filter { $0.hasSuffix(".recipe") && !$0.hasPrefix(".") }.map { String($0.dropLast(".recipe".count)) }.sorted()
    }

    /// Fetches `source` (a name through the indexes, checked against the hash they
    /// give) and returns the fetch, to be discarded by the caller, and its one recipe folder.
    public func fetchOne(_ source: RecipeSource) throws -> (FetchedSource, String) {
        let (resolved, expected) = try resolveThroughIndexes(source)
        let fetched = try RecipeFetcher.fetch(resolved)
        do {
            let folder = try fetched.recipeFolder()
            _ = try plan(fetched, folder: folder, expected: expected)
            return (fetched, folder)
        } catch {
            fetched.discard()
            throw error
        }
    }

    /// A named source becomes the indexed version's source and the hash the index promises.
    private func resolveThroughIndexes(_ source: RecipeSource) throws -> (RecipeSource, String?) {
        guard case .indexed(let name, let rangeText) = source.kind else { return (source, nil) }
        let range = try rangeText.map { try VersionRange($0) }
        guard !indexes.isEmpty else {
            throw RecipeError("'\(name)' is not a path, URL or git source, and no recipe index is configured (GLASSES_RECIPE_INDEX or ~/.config/glasses/recipe-indexes); give \(RecipeSource.forms)")
        }
        for location in indexes {
            if let version = try RecipeIndex.load(location).best(name, within: range) {
                return (try RecipeSource(version.source, currentDirectory: directory), version.sha256)
            }
        }
        throw RecipeError("no version of '\(name)'\(rangeText.map { " within \($0)" } ?? "") in the recipe indexes (\(indexes.joined(separator: ", "))); glasses recipe search \(name)")
    }

    private func plan(_ fetched: FetchedSource, folder: String, expected: String?) throws -> Planned {
        let (recipe, tree) = try RecipeInstaller.check(folder)
        if let expected, tree.hash != expected {
            throw RecipeError("\(fetched.source) does not match the sha256 its index gives (\(short(expected)), fetched \(short(tree.hash))); not installed")
        }
        return Planned(recipe: recipe, tree: tree, folder: folder, source: fetched.source(for: folder), resolved: fetched.resolved)
    }

    /// Adds to `planned` what `item` requires and is neither planned nor pinned:
    /// from the same source when it holds it, else from the indexes.
    private func resolveRequirements(
        of item: Planned, from fetched: FetchedSource, lock: RecipeLock, planned: inout [Planned], fetches: inout [FetchedSource]
    ) throws {
        for (dependency, range) in item.recipe.requirements.recipes {
            if let chosen = planned.first(where: { $0.recipe.name == dependency }) {
                try require(item, dependency, range, version: chosen.recipe.version, from: "\(chosen.source)")
                continue
            }
            if let pinned = lock.recipes[dependency] {
                try require(item, dependency, range, version: pinned.version, from: "\(RecipeLock.fileName) (\(pinned.source))")
                continue
            }
            let next: Planned
            let nextFetch: FetchedSource
            if let sibling = fetched.siblings(of: item.folder).first(where: { $0.hasSuffix("/" + dependency + ".recipe") }) {
                next = try plan(fetched, folder: sibling, expected: nil)
                nextFetch = fetched
            } else if !indexes.isEmpty {
                let (source, expected) = try resolveThroughIndexes(RecipeSource(kind: .indexed(name: dependency, range: range.description)))
                nextFetch = try RecipeFetcher.fetch(source)
                fetches.append(nextFetch)
                next = try plan(nextFetch, folder: try nextFetch.recipeFolder(named: dependency), expected: expected)
            } else {
                throw RecipeError("'\(item.recipe.name)' requires '\(dependency)' \(range), which is neither in \(item.source) nor in a recipe index; add it first: glasses recipe add SOURCE")
            }
            try require(item, dependency, range, version: next.recipe.version, from: "\(next.source)")
            planned.append(next)
            try resolveRequirements(of: next, from: nextFetch, lock: lock, planned: &planned, fetches: &fetches)
        }
    }

    private func require(_ item: Planned, _ dependency: String, _ range: VersionRange, version: String, from place: String) throws {
        guard let parsed = SemanticVersion(version), range.contains(parsed) else {
            throw RecipeError("conflict: '\(item.recipe.name)' \(item.recipe.version) requires '\(dependency)' \(range), but \(place) has '\(dependency)' \(version); pin a version of one that agrees with the other")
        }
    }

    /// Pins already in the lock that require a planned recipe must accept its new version.
    private func checkDependents(_ planned: [Planned], lock: RecipeLock) throws {
        let names = Set(planned.map(\.recipe.name))
        for item in planned {
            for (dependent, entry) in lock.recipes where !names.contains(dependent) {
                guard let text = entry.requires?[item.recipe.name] else { continue }
                let range = try VersionRange(text)
                guard let version = SemanticVersion(item.recipe.version), range.contains(version) else {
                    throw RecipeError("conflict: '\(dependent)' \(entry.version) (pinned) requires '\(item.recipe.name)' \(text), but \(item.source) has '\(item.recipe.name)' \(item.recipe.version); nothing installed changed")
                }
            }
        }
    }

    private func entry(for item: Planned) -> RecipeLock.Entry {
        let requires = item.recipe.requirements.recipes
        return RecipeLock.Entry(
            version: item.recipe.version, source: item.source.description, resolved: item.resolved, tree: item.tree,
            requires: requires.isEmpty ? nil : Dictionary(uniqueKeysWithValues: requires.map { ($0.name, $0.range.description) }))
    }

    private func short(_ resolved: String) -> String {
        resolved.count == 40 || resolved.count == 64 ? String(resolved.prefix(12)) : resolved
    }
}
