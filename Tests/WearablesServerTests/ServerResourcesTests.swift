import EmbeddedFilesSupport
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
        let (paths, generated) = try EmbeddedFiles.source(
            of: Self.resources.path, as: "ServerResources", folder: "Sources/WearablesServer/Resources",
            generator: "ServerResourcesGoldenTests", refreshCommand: Self.refreshCommand)
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
