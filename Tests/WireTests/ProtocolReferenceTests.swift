import Foundation
import Testing
@testable import WearablesWire

/// docs/protocol.md's message reference is generated from the payload types and checked in:
/// a payload that changes without it, or a field without its line, fails here
/// (`GLASSES_UPDATE_GOLDENS=1 swift test --filter Golden` regenerates it).
@Suite struct ProtocolReferenceGoldenTests {
    static let page = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../docs/protocol.md").standardizedFileURL
    static let payloads: [any WirePayload.Type] = [ClientHello.self] + WireCatalog.commands.map { $0 } + WireCatalog.server.map { $0 }

    @Test func theCheckedInReferenceIsThePayloads() throws {
        let current = try String(contentsOf: Self.page, encoding: .utf8)
        let generated = try WireReference.filled(current)
        if WireGoldenTests.isUpdating { return try generated.write(to: Self.page, atomically: true, encoding: .utf8) }
        guard current != generated else { return }
        Issue.record("""
            docs/protocol.md's message reference is not what the payload types say (- page, + types); \
            run GLASSES_UPDATE_GOLDENS=1 swift test --filter Golden
            \(Self.diff(current, generated))
            """)
    }

    /// Every field a payload reads has its line, and every line names a field it reads.
    @Test(arguments: payloads.map { ObjectIdentifier($0) })
    func everyFieldHasItsLine(_ id: ObjectIdentifier) throws {
        let payload = try #require(Self.payloads.first { ObjectIdentifier($0) == id })
        let fields = WireSchema(payload).fields.map(\.name)
        #expect(Set(fields) == Set(payload.fieldDocs.keys),
                "'\(payload.type)' reads \(fields.sorted()) but documents \(payload.fieldDocs.keys.sorted())")
        #expect(fields.count == Set(fields).count, "'\(payload.type)' reads a field twice: \(fields)")
        #expect(!payload.summary.isEmpty)
    }

    @Test func aFieldsTypeAndPresenceAreTheStructs() {
        let capture = WireSchema(Commands.Capture.self).fields
        #expect(capture.first { $0.name == "format" } == .init(name: "format", type: "`PhotoCaptureFormat`: `jpeg`, `heic`", optional: false))
        #expect(capture.first { $0.name == "quality" } == .init(name: "quality", type: "integer", optional: true))
        #expect(capture.first { $0.name == "width" } == .init(name: "width", type: "integer", optional: false))
        let hello = WireSchema(ServerMessages.Hello.self).fields
        #expect(hello.first { $0.name == "devices" } == .init(name: "devices", type: "array of object (`WireDevice`)", optional: true))
        #expect(hello.first { $0.name == "bandwidth" } == .init(name: "bandwidth", type: "object of number", optional: true))
    }

    /// Every registered message type has a golden sample, so none crosses untested.
    @Test func everyMessageTypeHasAGoldenSample() throws {
        func types(_ lines: [Data]) throws -> Set<String> {
            Set(try lines.map { try #require((try JSONSerialization.jsonObject(with: $0) as? [String: Any])?["type"] as? String) })
        }
        #expect(try types(WireSamples.client.map { $0.encoded() }) == Set(["hello"] + WireCatalog.commands.map { $0.type }))
        #expect(try types(WireSamples.server.map { $0.encoded() }) == Set(WireCatalog.server.map { $0.type }))
    }

    static func diff(_ old: String, _ new: String) -> String {
        let a = old.components(separatedBy: "\n"), b = new.components(separatedBy: "\n")
        return b.difference(from: a).prefix(20).map { change in
            switch change {
            case .insert(let offset, let line, _): "+\(offset + 1): \(line)"
            case .remove(let offset, let line, _): "-\(offset + 1): \(line)"
            }
        }.joined(separator: "\n")
    }
}
