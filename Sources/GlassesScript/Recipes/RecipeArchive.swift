import Foundation

/// `recipe pack` / `recipe install`: a recipe travels as a zip of its
/// `NAME.recipe` folder, made and unpacked with the system's zip and unzip.
public enum RecipeArchive {
    /// Zips `recipe`'s folder into `directory/NAME-VERSION.zip` and returns the path.
    public static func pack(_ recipe: Recipe, into directory: String) throws -> String {
        let archive = URL(fileURLWithPath: directory).appendingPathComponent("\(recipe.name)-\(recipe.version).zip").path
        try? FileManager.default.removeItem(atPath: archive)
        let folder = URL(fileURLWithPath: recipe.folder)
        try run("zip", ["-q", "-r", archive, folder.lastPathComponent], in: folder.deletingLastPathComponent().path)
        return archive
    }

    /// Unzips `archive` into `directory` after checking it holds exactly one
    /// loadable `NAME.recipe` folder; returns the installed recipe.
    public static func install(_ archive: String, into directory: String) throws -> Recipe {
        let staging = FileManager.default.temporaryDirectory.appendingPathComponent("recipe-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: staging, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: staging) }
        try run("unzip", ["-q", archive, "-d", staging], in: staging)
        let folders = (try FileManager.default.contentsOfDirectory(atPath: staging)).filter { $0.hasSuffix(".recipe") }
        guard folders.count == 1, let folder = folders.first else {
            throw RecipeError("\(archive) must hold exactly one NAME.recipe folder (found \(folders.count)); make it with glasses recipe pack")
        }
        _ = try Recipe.load(folder: staging + "/" + folder, origin: .user)
        let target = directory + "/" + folder
        guard !FileManager.default.fileExists(atPath: target) else {
            throw RecipeError("\(target) already exists; remove it first to replace it")
        }
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try FileManager.default.moveItem(atPath: staging + "/" + folder, toPath: target)
        return try Recipe.load(folder: target, origin: .user)
    }

    private static func run(_ tool: String, _ arguments: [String], in directory: String) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [tool] + arguments
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        process.standardOutput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            throw RecipeError("cannot run \(tool): \(error.localizedDescription) (install it: apt-get install zip unzip)")
        }
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw RecipeError("\(tool) \(arguments.joined(separator: " ")) failed with status \(process.terminationStatus)")
        }
    }
}
