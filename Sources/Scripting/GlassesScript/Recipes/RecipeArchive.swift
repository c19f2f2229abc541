#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import MessageText
import RecipeLockFile

/// `recipe pack` / `recipe uninstall`: a recipe travels as a zip of its
/// `NAME.recipe` folder, made with the system's zip (RecipeSharing installs it).
public enum RecipeArchive {
    /// Zips `recipe`'s folder into `directory/NAME-VERSION.zip` and returns the path.
    public static func pack(_ recipe: Recipe, into directory: String) throws -> String {
        // zip runs in the recipe's parent folder: a relative --out must be resolved here, and made if missing.
        let target = URL(fileURLWithPath: directory).standardizedFileURL
        do {
            try FileManager.default.createDirectory(at: target, withIntermediateDirectories: true)
        } catch {
            throw RecipeError("cannot make the folder \(directory) for the zip: \(fileErrorText(error))")
        }
        let archive = target.appendingPathComponent("\(recipe.name)-\(recipe.version).zip").path
        try? FileManager.default.removeItem(atPath: archive)
        let folder = URL(fileURLWithPath: recipe.folder)
        guard try run("zip", ["-q", "-r", archive, folder.lastPathComponent], in: folder.deletingLastPathComponent().path) else {
            throw RecipeError("zip could not write \(archive)")
        }
        return archive
    }

    /// Removes the recipe `name` from `directory` (where `install` puts it); returns its folder.
    public static func uninstall(_ name: String, from directory: String) throws -> String {
        // A name, never a path: uninstall must not remove anything outside `directory`.
        if let problem = RecipeName.problem(name) { throw RecipeError("\(problem); give the name that glasses recipe list shows") }
        let folder = directory + "/" + name + ".recipe"
        guard FileManager.default.fileExists(atPath: folder) else {
            throw RecipeError("no recipe named '\(name)' is installed in \(directory)")
        }
        try FileManager.default.removeItem(atPath: folder)
        return folder
    }

    /// Runs `tool`; false when it fails, an error only when it cannot run at all.
    private static func run(_ tool: String, _ arguments: [String], in directory: String) throws -> Bool {
        let status = ChildProcess.run(tool, arguments, in: directory)
        guard let status, status != ChildProcess.notFound else {
            throw RecipeError("cannot run \(tool) (install it: apt-get install zip unzip)")
        }
        return status == 0
    }
}
