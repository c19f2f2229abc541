#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import GlassesScript
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import MessageText
import RecipeLockFile

/// Puts a fetched recipe folder in place. Everything is checked first (plain files
/// only, limits, loadable metadata, the host version it needs); then the folder is
/// copied beside its destination and renamed over it, so a failure at any point
/// leaves the previous version where it was.
public enum RecipeInstaller {
    /// Checks `folder` as a recipe: its tree and its metadata.
    public static func check(_ folder: String) throws -> (Recipe, RecipeTree) {
        // init.lua read once: its metadata and the tree's hash (which the installed copy must match) are of the same bytes.
        let recipe: Recipe
        let tree: RecipeTree
        do {
            recipe = try Recipe.load(folder: folder, origin: .user)
            tree = try RecipeTree(reading: folder).replacing("init.lua", withHashOf: recipe.initSource)
        } catch let error as RecipeError {
            throw RecipeError("not installed: \(error.message)")
        }
        if let problem = recipe.requirements.hostProblem(recipe: recipe.name) { throw RecipeError(problem) }
        guard SemanticVersion(recipe.version) != nil else {
            throw RecipeError("recipe '\(recipe.name)' has version '\(recipe.version)', not a semantic version (MAJOR.MINOR.PATCH); versions are what locks and ranges compare")
        }
        return (recipe, tree)
    }

    /// Installs the checked `folder` as `directory/NAME.recipe`; `replace` allows
    /// taking the place of one already there. Returns the installed recipe.
    @discardableResult
    public static func install(_ folder: String, into directory: String, replace: Bool, origin: Recipe.Origin = .user) throws -> Recipe {
        let (recipe, tree) = try check(folder)
        let target = directory + "/" + recipe.name + ".recipe"
        let exists = FileManager.default.fileExists(atPath: target)
        if exists, !replace { throw RecipeError("\(target) already exists; add --force to replace it") }
        let token = UUID().uuidString
        let incoming = directory + "/.\(recipe.name).recipe.new-\(token)"
        let outgoing = directory + "/.\(recipe.name).recipe.old-\(token)"
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            try FileManager.default.copyItem(atPath: folder, toPath: incoming)
        } catch {
            try? FileManager.default.removeItem(atPath: incoming)
            throw RecipeError("cannot write in \(directory): \(fileErrorText(error)); nothing installed changed")
        }
        // Modes are ours, not the source's: a zip's 0777 would let any user rewrite what runs.
        do { try normalizeModes(incoming) } catch {
            try? FileManager.default.removeItem(atPath: incoming)
            throw RecipeError("cannot set the permissions of the files in \(incoming): \(error.message); nothing installed changed")
        }
        // The copy is what will run: it must still be the tree that was checked.
        guard (try? RecipeTree(reading: incoming)) == tree else {
            try? FileManager.default.removeItem(atPath: incoming)
            throw RecipeError("\(folder) changed while it was installed; nothing installed changed")
        }
        if exists, rename(target, outgoing) != 0 {
            try? FileManager.default.removeItem(atPath: incoming)
            throw RecipeError("cannot move the installed \(target) aside; nothing installed changed")
        }
        guard rename(incoming, target) == 0 else {
            if exists { _ = rename(outgoing, target) }
            try? FileManager.default.removeItem(atPath: incoming)
            throw RecipeError("cannot put \(recipe.name) in place in \(directory); nothing installed changed")
        }
        try? FileManager.default.removeItem(atPath: outgoing)
        return try Recipe.load(folder: target, origin: origin)
    }

    /// Folders 0755; files 0755 when the source made them executable by anyone, else 0644:
    /// no group or world write, whatever the zip, repository or folder said. Links are
    /// never followed (a recipe holds none; the tree is read again after this).
    static func normalizeModes(_ folder: String) throws(RecipeError) {
        var info = stat()
        guard lstat(folder, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else { throw RecipeError("\(folder) is not a folder") }
        guard chmod(folder, 0o755) == 0 else { throw RecipeError("chmod \(folder) failed") }
        let entries: [String]
        do { entries = try FileManager.default.contentsOfDirectory(atPath: folder) } catch {
            throw RecipeError("cannot read the folder \(folder): \(fileErrorText(error))")
        }
        for entry in entries {
            let path = folder + "/" + entry
            guard lstat(path, &info) == 0 else { throw RecipeError("cannot read \(path)") }
            switch info.st_mode & S_IFMT {
            case S_IFDIR: try normalizeModes(path)
            case S_IFREG:
                let mode: mode_t = info.st_mode & 0o111 != 0 ? 0o755 : 0o644
                guard chmod(path, mode) == 0 else { throw RecipeError("chmod \(path) failed") }
            default: continue
            }
        }
    }
}
