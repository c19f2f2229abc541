import Foundation
import Testing

@testable import WearablesServer

/// The build embeds the server's files (the EmbedResources plugin): every file of
/// Sources/WearablesServer/Resources byte for byte, and docs/openapi.yaml, the one copy.
@Suite struct ServerResourcesTests {
    static let resources = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Sources/WearablesServer/Resources").standardizedFileURL
    static let openAPI = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../docs/openapi.yaml").standardizedFileURL

    @Test func theBuildEmbedsEveryResourceAndTheOpenAPIDocument() throws {
        let paths = (FileManager.default.enumerator(atPath: Self.resources.path)?.allObjects as? [String] ?? []).filter { path in
            var isFolder: ObjCBool = false
            return FileManager.default.fileExists(atPath: Self.resources.path + "/" + path, isDirectory: &isFolder) && !isFolder.boolValue
        }
        #expect(ServerResources.files.map(\.path) == (paths + ["openapi.yaml"]).sorted())
        for (path, text) in ServerResources.files {
            let source = path == "openapi.yaml" ? Self.openAPI.path : Self.resources.path + "/" + path
            #expect(text == (try String(contentsOfFile: source, encoding: .utf8)), "\(path)")
        }
    }
}
