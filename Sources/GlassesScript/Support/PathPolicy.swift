import Foundation

/// Resolves the paths scripts write to: relative ones land in the run's output
/// folder (`--out`), created on first use so a failed run leaves no empty folder.
public final class OutputPaths {
    public let directory: String?

    public init(directory: String?) {
        self.directory = directory
    }

    /// The path to write `path` to, with its folder created.
    public func resolve(_ path: String) throws -> String {
        var resolved = path
        if let directory, !path.hasPrefix("/") { resolved = "\(directory)/\(path)" }
        let folder = (resolved as NSString).deletingLastPathComponent
        if !folder.isEmpty {
            do {
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            } catch {
                throw OutputFolderError(folder: folder)
            }
        }
        return resolved
    }
}

/// A folder that cannot be made, said in terms of the path rather than Foundation's error domain.
struct OutputFolderError: Error, CustomStringConvertible {
    let folder: String

    var description: String {
        // The nearest part of the path that exists is what stands in the way.
        var blocker = folder
        var isFolder: ObjCBool = false
        while !FileManager.default.fileExists(atPath: blocker, isDirectory: &isFolder), blocker.contains("/") {
            blocker = (blocker as NSString).deletingLastPathComponent
        }
        let reason =
            if !FileManager.default.fileExists(atPath: blocker, isDirectory: &isFolder) { "it cannot be created here" }
            else if !isFolder.boolValue { "'\(blocker)' is a file, not a folder" }
            else { "'\(blocker)' is not writable" }
        return "cannot create the output folder '\(folder)': \(reason) (check --out)"
    }
}
