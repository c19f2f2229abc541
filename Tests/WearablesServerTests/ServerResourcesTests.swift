import Foundation
import Testing
import WearablesMock

@testable import WearablesServer

/// The build embeds the server's files (the EmbedResources plugin): every file of
/// Sources/Server/WearablesServer/Resources byte for byte, and docs/openapi.yaml, the one copy.
@Suite struct ServerResourcesTests {
    static let resources = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Sources/Server/WearablesServer/Resources").standardizedFileURL
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

    /// Every device action the server routes (`POST /v1/devices/NAME`) has its row in the
    /// OpenAPI document, so a new mock action cannot ship undocumented.
    @Test func everyDeviceActionRouteIsInTheOpenAPIDocument() throws {
        let document = try String(contentsOf: Self.openAPI, encoding: .utf8)
        for name in MockDeviceAction.names + ["pair"] {
            #expect(document.contains("\n  /v1/devices/\(name):\n"), "docs/openapi.yaml has no row for POST /v1/devices/\(name)")
        }
    }
}
