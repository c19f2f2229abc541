#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import MessageText
import RecipeLockFile

/// The files of `Recipes/Resources` (the built-in recipes and the driver and
/// context chunks), compiled into the binary so that a `glasses` copied or
/// installed anywhere has them; a resource bundle stays behind in `.build`.
///
/// The build writes `files` from the folder (the EmbedResources plugin), so what
/// is embedded is always what is in the tree, and no generated code is checked in.
///
/// On first use they are written to a folder of their own, so everything that
/// treats a recipe as a folder (`ctx.resources`, `require`, `recipe pack`,
/// messages that name files) works for built-ins as for any other recipe.
enum RecipeResources {
    /// The folder holding the files, or why it could not be written.
    static let directory: Result<String, RecipeError> = materialize(in: cacheDirectory(ProcessInfo.processInfo.environment))

    /// `$XDG_CACHE_HOME/glasses`, else `~/.cache/glasses`.
    private static func cacheDirectory(_ environment: [String: String]) -> String {
        let cache = environment["XDG_CACHE_HOME"].flatMap { $0.isEmpty ? nil : $0 }
            ?? (environment["HOME"] ?? FileManager.default.homeDirectoryForCurrentUser.path) + "/.cache"
        return cache + "/glasses"
    }

    /// Writes the files under `cache/resources-HASH`. The hash keeps two builds
    /// from rewriting each other's files under a running recipe; a file that
    /// differs (edited by hand) is written again.
    private static func materialize(in cache: String) -> Result<String, RecipeError> {
        let folder = cache + "/resources-" + contentHash()
        do {
            for file in files {
                let path = folder + "/" + file.path
                if (try? String(contentsOfFile: path, encoding: .utf8)) == file.text { continue }
                try FileManager.default.createDirectory(
                    atPath: PathPolicy.folder(of: path), withIntermediateDirectories: true)
                try file.text.write(toFile: path, atomically: true, encoding: .utf8)
            }
        } catch {
            return .failure(RecipeError(
                "cannot write the built-in recipes to \(folder): \(fileErrorText(error)); set XDG_CACHE_HOME to a writable folder"))
        }
        return .success(folder)
    }

    /// FNV-1a over every path and text: stable across runs, unlike `Hasher`.
    private static func contentHash() -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        func add(_ byte: UInt8) { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        for file in files {
            // A 0 ends each part, so moving text from one file to the next changes the hash.
            for part in [file.path, file.text] {
                part.utf8.forEach(add)
                add(0)
            }
        }
        return String(hash, radix: 16)
    }
}
