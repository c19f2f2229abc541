#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import GlassesScript
import RecipeLockFile

/// A source fetched into a scratch folder of its own: a checkout, an unpacked zip,
/// or a copy of a folder. Nothing outside the scratch folder is written until a
/// recipe from it is installed; `discard()` removes it.
public struct FetchedSource: Sendable {
    public let source: RecipeSource
    /// Where its files are: the checkout's or archive's root.
    public let root: String
    /// The commit a git ref resolved to, the URL downloaded, or the path copied.
    public let resolved: String
    let scratch: String

    /// The `NAME.recipe` folders it holds: at `#PATH`, else at its root and one level down.
    public func recipeFolders() throws(RecipeError) -> [String] {
        if let subpath = source.subpath {
            let folder = root + "/" + subpath
            guard FileManager.default.fileExists(atPath: folder + "/init.lua") else {
                throw RecipeError("\(source): \(subpath) is not a recipe folder (no init.lua there)")
            }
            guard folder.hasSuffix(".recipe") else { throw RecipeError("\(source): \(subpath) must be a NAME.recipe folder") }
            return [folder]
        }
        if root.hasSuffix(".recipe"), FileManager.default.fileExists(atPath: root + "/init.lua") { return [root] }
        return folders(in: [root, root + "/recipes"])
    }

    /// The recipe folders beside `folder` (a recipe's requirements are looked for
    /// there first), at the root and in `recipes/`.
    public func siblings(of folder: String) -> [String] {
        folders(in: [URL(fileURLWithPath: folder).deletingLastPathComponent().path, root, root + "/recipes"])
    }

    private func folders(in directories: [String]) -> [String] {
        var found: [String] = []
        for directory in directories {
            let entries = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
            for entry in entries.sorted() where entry.hasSuffix(".recipe") && FileManager.default.fileExists(atPath: directory + "/" + entry + "/init.lua") {
                if !found.contains(directory + "/" + entry) { found.append(directory + "/" + entry) }
            }
        }
        return found
    }

    /// The one recipe folder it holds, or the one named `name`.
    public func recipeFolder(named name: String? = nil) throws(RecipeError) -> String {
        let folders = try recipeFolders()
        if let name {
            guard let folder = folders.first(where: { $0.hasSuffix("/" + name + ".recipe") }) else {
                throw RecipeError("\(source) holds no recipe named '\(name)'")
            }
            return folder
        }
        guard folders.count == 1 else {
            if folders.isEmpty { throw RecipeError("\(source) holds no NAME.recipe folder with an init.lua") }
            let paths = folders.map { String($0.dropFirst(root.count + 1)) }
            throw RecipeError("\(source) holds \(folders.count) recipes (\(paths.joined(separator: ", "))); pick one with #PATH, e.g. \(source)#\(paths[0])")
        }
        return folders[0]
    }

    /// The source that names `folder` of this fetch exactly: its ref pinned to
    /// what it resolved to is kept apart, in ``resolved``.
    public func source(for folder: String) -> RecipeSource {
        guard folder != root, folder.hasPrefix(root + "/") else { return source }
        switch source.kind {
        case .git, .zip, .url: return RecipeSource(kind: source.kind, subpath: String(folder.dropFirst(root.count + 1)))
        case .folder, .indexed: return source
        }
    }

    public func discard() {
        try? FileManager.default.removeItem(atPath: scratch)
        KillOnSignal.released(scratch)
    }
}
