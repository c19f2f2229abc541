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
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        }
        return resolved
    }
}
