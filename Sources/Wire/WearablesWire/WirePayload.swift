#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One text message type's fields beside `type` (and a command's `id`), a struct that reads
/// and writes them with Codable: the one place a message's JSON, the typed message it stands
/// for and its entry in docs/protocol.md (``WireReference``) are written down.
protocol WirePayload: Codable, Sendable {
    /// The message's `type` on the wire.
    static var type: String { get }
    /// What the message is, one sentence for docs/protocol.md.
    static var summary: String { get }
    /// One line per field, by its name on the wire, for docs/protocol.md.
    static var fieldDocs: [String: String] { get }
}

extension WirePayload {
    /// The message: `type` (and a command's `id`) beside these fields.
    func framed(id: Int? = nil) -> Data { WireFrame.encode(self, id: id) }
}

/// A command's fields (`WireCatalog.commands` lists every one).
protocol CommandPayload: WirePayload {
    /// The fields of `command`; nil when `command` is another type's.
    init?(_ command: WireCommand)
    /// The command, checked past what the field types say (ranges, defaults).
    func command() throws(WireDecodingError) -> WireCommand
}

/// A server message's fields (`WireCatalog.server` lists every one).
protocol ServerPayload: WirePayload {
    /// The fields of `message`; nil when `message` is another type's.
    init?(_ message: ServerMessage)
    func message() throws(WireDecodingError) -> ServerMessage
}
