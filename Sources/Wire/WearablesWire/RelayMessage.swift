#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The relay's control messages (docs/protocol.md, "Relay"): a bridge that cannot be
/// reached (a phone) dials the relay (`glasses serve --relay`) at `RelayMessage.bridgePath`
/// and says `bridge`; for each local client the relay sends `dial` with a channel number,
/// and the bridge dials `dataPath?channel=N`, a connection the relay splices to that client
/// verbatim. A refusal is the protocol's `error` message, then a close.
public enum RelayMessage: Sendable, Equatable {
    /// The bridge's first message on its control connection.
    case bridge(protocolVersion: Int)
    /// The relay asks the bridge to dial a data connection for a local client.
    case dial(channel: Int)
    /// The relay refuses the bridge (a second bridge, a wrong protocol).
    case error(WireError)

    public static let bridgePath = "/v1/relay/bridge"
    public static let dataPath = "/v1/relay/data"

    private struct Fields: Codable {
        var type: String
        var `protocol`: Int?
        var channel: Int?
        var error: WireError?
    }

    public func encoded() -> String {
        let fields = switch self {
        case .bridge(let version): Fields(type: "bridge", protocol: version)
        case .dial(let channel): Fields(type: "dial", channel: channel)
        case .error(let error): Fields(type: "error", error: error)
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return String(decoding: (try? encoder.encode(fields)) ?? Data("{}".utf8), as: UTF8.self)
    }

    public static func decode(_ text: String) throws(WireDecodingError) -> RelayMessage {
        let fields: Fields
        do { fields = try JSONDecoder().decode(Fields.self, from: Data(text.utf8)) } catch {
            throw WireDecodingError("a relay message is a JSON object with a string 'type'")
        }
        switch fields.type {
        case "bridge":
            guard let version = fields.protocol else { throw WireDecodingError("'bridge' needs an integer 'protocol'") }
            return .bridge(protocolVersion: version)
        case "dial":
            guard let channel = fields.channel else { throw WireDecodingError("'dial' needs an integer 'channel'") }
            return .dial(channel: channel)
        case "error":
            guard let error = fields.error else { throw WireDecodingError("'error' needs an 'error' object") }
            return .error(error)
        default:
            throw WireDecodingError("unknown relay message type '\(fields.type)' (bridge, dial, error)")
        }
    }
}
