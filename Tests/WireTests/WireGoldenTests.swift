import Foundation
import Testing
import WearablesWire

/// The bytes of every wire message type, as peers already in the field and recorded sessions
/// hold them: each sample encodes to its golden line and each golden line decodes to its
/// sample. A change to the JSON fails here; when it is intended (a protocol change), refresh
/// with `GLASSES_UPDATE_GOLDENS=1 swift test --filter Golden` and review the diff.
@Suite struct WireGoldenTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Goldens")
    static var isUpdating: Bool { ProcessInfo.processInfo.environment["GLASSES_UPDATE_GOLDENS"] == "1" }

    @Test func clientMessagesKeepTheirBytes() throws {
        let lines = WireSamples.client.map { String(decoding: $0.encoded(), as: UTF8.self) }
        let golden = try Self.check(lines, "client-messages.jsonl")
        for (line, sample) in zip(golden, WireSamples.client) {
            #expect(try ClientMessage.decode(Data(line.utf8)) == sample, "\(line)")
        }
    }

    /// The client messages as the Envelope encoder wrote them, before the payload structs: a
    /// `mock` command's fields came after `type` (spliced), where they now sort with the rest.
    /// Recorded sessions and older peers hold that spelling: it still reads as the same message.
    @Test func clientMessagesAsOlderPeersWroteThemStillRead() throws {
        let url = Self.folder.appendingPathComponent("client-messages-recorded.jsonl")
        let lines = try String(contentsOf: url, encoding: .utf8).split(separator: "\n").map(String.init)
        #expect(lines.count == WireSamples.client.count)
        for (line, sample) in zip(lines, WireSamples.client) {
            #expect(try ClientMessage.decode(Data(line.utf8)) == sample, "\(line)")
        }
    }

    @Test func serverMessagesKeepTheirBytes() throws {
        let lines = WireSamples.server.map { String(decoding: $0.encoded(), as: UTF8.self) }
        let golden = try Self.check(lines, "server-messages.jsonl")
        for (line, sample) in zip(golden, WireSamples.server) {
            #expect(try ServerMessage.decode(Data(line.utf8)) == sample, "\(line)")
        }
    }

    /// `lines` against the golden file `name`, line by line (rewritten when updating); returns the golden's lines.
    static func check(_ lines: [String], _ name: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> [String] {
        let url = folder.appendingPathComponent(name)
        if isUpdating { try (lines.joined(separator: "\n") + "\n").write(to: url, atomically: true, encoding: .utf8) }
        let golden = try String(contentsOf: url, encoding: .utf8).split(separator: "\n").map(String.init)
        #expect(golden.count == lines.count, "\(name) has \(golden.count) lines for \(lines.count) samples; run GLASSES_UPDATE_GOLDENS=1 swift test --filter Golden",
                sourceLocation: sourceLocation)
        for (index, (expected, actual)) in zip(golden, lines).enumerated() {
            #expect(actual == expected, "\(name) line \(index + 1) (- golden, + actual)\n- \(expected)\n+ \(actual)", sourceLocation: sourceLocation)
        }
        return golden
    }
}
