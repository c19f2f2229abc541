import Foundation
import Testing

@testable import WearablesServer

/// ServerResources+Files.swift is generated from Sources/WearablesServer/Resources
/// and checked in; this keeps the two in step (and regenerates the file when
/// GLASSES_UPDATE_GOLDENS=1, as the other goldens do).
@Suite struct ServerResourcesGoldenTests {
    static let resources = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Sources/WearablesServer/Resources").standardizedFileURL
    static let refreshCommand = "GLASSES_UPDATE_GOLDENS=1 swift test --filter Golden"

    @Test func embeddedResourcesMatchTheirGoldenSources() throws {
        let root = Self.resources.path
        let paths = (FileManager.default.enumerator(atPath: root)?.allObjects as? [String] ?? []).filter { path in
            var folder: ObjCBool = false
            return FileManager.default.fileExists(atPath: root + "/" + path, isDirectory: &folder) && !folder.boolValue
        }.sorted()
        var lines = [
            "// Generated from Sources/WearablesServer/Resources by ServerResourcesGoldenTests; do not edit.",
            "// After changing a file there: \(Self.refreshCommand)", "",
            "extension ServerResources {", "    /// Each file's path under Resources, and its text.",
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
        let generated = lines.joined(separator: "\n")
        let file = Self.resources.deletingLastPathComponent().appendingPathComponent("ServerResources+Files.swift")
        if ProcessInfo.processInfo.environment["GLASSES_UPDATE_GOLDENS"] == "1" {
            try generated.write(to: file, atomically: true, encoding: .utf8)
            return
        }
        let current = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
        #expect(current == generated, "ServerResources+Files.swift is stale; run \(Self.refreshCommand)")
        #expect(ServerResources.files.map(\.path) == paths)
    }
}
