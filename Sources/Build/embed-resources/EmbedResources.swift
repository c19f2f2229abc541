import Foundation

/// Writes the Swift source that compiles a folder's files into a binary, so an
/// installed `glasses` needs no resource bundle (nor Foundation's `Bundle` at
/// start-up). Run by the EmbedResources build-tool plugin at build time; nothing
/// it writes is checked in.
///
///     embed-resources TYPE FOLDER LABEL OUTPUT [NAME=FILE ...]
///
/// writes `extension TYPE { static let files: [(path: String, text: String)] }`
/// with every file under FOLDER (sorted relative paths), and each FILE as NAME, to
/// OUTPUT; LABEL names the folder in the header.
@main
enum EmbedResources {
    static func main() throws {
        let arguments = Array(CommandLine.arguments.dropFirst())
        let extras = arguments.dropFirst(4).map { $0.split(separator: "=", maxSplits: 1).map(String.init) }
        guard arguments.count >= 4, extras.allSatisfy({ $0.count == 2 }) else {
            FileHandle.standardError.write(Data("usage: embed-resources TYPE FOLDER LABEL OUTPUT [NAME=FILE ...]\n".utf8))
            exit(2)
        }
        let (typeName, root, label, output) = (arguments[0], arguments[1], arguments[2], arguments[3])
        var files = (FileManager.default.enumerator(atPath: root)?.allObjects as? [String] ?? []).filter { path in
            var isFolder: ObjCBool = false
            return FileManager.default.fileExists(atPath: root + "/" + path, isDirectory: &isFolder) && !isFolder.boolValue
        }.map { (path: $0, file: root + "/" + $0) }
        files += extras.map { (path: $0[0], file: $0[1]) }
        var lines = [
            "// Generated at build time from \(label) by the EmbedResources plugin.", "",
            "extension \(typeName) {", "    /// Each file's path under \(label), and its text.",
            "    static let files: [(path: String, text: String)] = [",
        ]
        for (path, file) in files.sorted(by: { $0.path < $1.path }) {
            let text = try String(contentsOfFile: file, encoding: .utf8)
            // Enough #s that the text can neither end the raw literal nor interpolate.
            var hashes = "#"
            while text.contains("\"\"\"" + hashes) || text.contains("\\" + hashes) { hashes += "#" }
            lines += ["        (", "            \"\(path)\",", "            \(hashes)\"\"\"\n\(text)\n\"\"\"\(hashes)", "        ),"]
        }
        lines += ["    ]", "}", ""]
        let source = lines.joined(separator: "\n")
        // Unchanged output keeps its timestamp, so the target does not recompile for nothing.
        if (try? String(contentsOfFile: output, encoding: .utf8)) != source {
            try source.write(toFile: output, atomically: true, encoding: .utf8)
        }
    }
}
