import FoundationEssentials

/// `recipe pack` / `recipe install`: a recipe travels as a zip of its
/// `NAME.recipe` folder, made and unpacked with the system's zip and unzip.
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

    /// Unzips `archive` into `directory` after checking it holds exactly one
    /// loadable `NAME.recipe` folder; returns the installed recipe. `replace`
    /// lets it take the place of an installed recipe of the same name.
    public static func install(_ archive: String, into directory: String, replace: Bool = false) throws -> Recipe {
        // unzip runs in the staging folder, so a relative path must be resolved here first.
        let path = URL(fileURLWithPath: archive).standardizedFileURL.path
        var isFolder = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
            throw RecipeError("\(archive): no such file")
        }
        guard !isFolder else { throw RecipeError("\(archive) is a folder, not a recipe archive (a zip from glasses recipe pack)") }
        let staging = FileManager.default.temporaryDirectory.appendingPathComponent("recipe-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: staging, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: staging) }
        guard try run("unzip", ["-q", path, "-d", staging], in: staging) else {
            throw RecipeError("\(archive) is not a recipe archive (not a zip file); make one with glasses recipe pack")
        }
        let folders = (try FileManager.default.contentsOfDirectory(atPath: staging)).filter { $0.hasSuffix(".recipe") }
        guard folders.count == 1, let folder = folders.first else {
            throw RecipeError("\(archive) is not a recipe archive: it must hold exactly one NAME.recipe folder (found \(folders.count)); make it with glasses recipe pack")
        }
        _ = try Recipe.load(folder: staging + "/" + folder, origin: .user)
        let target = directory + "/" + folder
        if FileManager.default.fileExists(atPath: target) {
            guard replace else { throw RecipeError("\(target) already exists; add --force to replace it") }
            try FileManager.default.removeItem(atPath: target)
        }
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try FileManager.default.moveItem(atPath: staging + "/" + folder, toPath: target)
        return try Recipe.load(folder: target, origin: .user)
    }

    /// Removes the recipe `name` from `directory` (where `install` puts it); returns its folder.
    public static func uninstall(_ name: String, from directory: String) throws -> String {
        // A name, never a path: uninstall must not remove anything outside `directory`.
        guard !name.isEmpty, !name.contains("/"), !name.hasPrefix(".") else {
            throw RecipeError("'\(name)' is not a recipe name; give the name that glasses recipe list shows")
        }
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
