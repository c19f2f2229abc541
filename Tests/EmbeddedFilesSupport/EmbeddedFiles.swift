import Foundation

/// The Swift source that compiles a folder's files into the binary (the built-in
/// recipes, the server's page), so an installed `glasses` needs no resource bundle.
/// The generated file is checked in; each owner's golden test regenerates it
/// with this and compares.
public enum EmbeddedFiles {
    /// The files under `root` (sorted relative paths) and the source embedding them
    /// as `extension TYPE { static let files: [(path: String, text: String)] }`;
    /// `folder` is how the header names `root`.
    public static func source(
        of root: String, as typeName: String, folder: String, generator: String, refreshCommand: String
    ) throws -> (paths: [String], source: String) {
        let paths = (FileManager.default.enumerator(atPath: root)?.allObjects as? [String] ?? []).filter { path in
            var isFolder: ObjCBool = false
            return FileManager.default.fileExists(atPath: root + "/" + path, isDirectory: &isFolder) && !isFolder.boolValue
        }.sorted()
        var lines = [
            "// Generated from \(folder) by \(generator); do not edit.",
            "// After changing a file there: \(refreshCommand)", "",
            "extension \(typeName) {", "    /// Each file's path under \(folder), and its text.",
            "    static let files: [(path: String, text: String)] = [",
        ]
        for path in paths {
            let text = try String(contentsOfFile: root + "/" + path, encoding: .utf8)
            // Enough #s that the text can neither end the raw literal nor interpolate.
            var hashes = "#"
            while text.contains("\"\"\"" + hashes) || text.contains("\\" + hashes) { hashes += "#" }
            lines += ["        (", "            \"\(path)\",", "            \(hashes)\"\"\"\n\(text)\n\"\"\"\(hashes)", "        ),"]
        }
        lines += ["    ]", "}", ""]
        return (paths, lines.joined(separator: "\n"))
    }
}
