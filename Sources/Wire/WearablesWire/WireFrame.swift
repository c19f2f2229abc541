#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Decoding failures name what was wrong, for the `error` message sent back.
public struct WireDecodingError: Error, CustomStringConvertible {
    public let description: String
    init(_ description: String) { self.description = description }
}

/// A text message as one JSON object: `type` (and a command's `id`) beside the payload's
/// fields, written by one encoder and read by one decoder, so nothing is parsed twice.
enum WireFrame {
    enum Key: String, CodingKey { case type, id }

    private struct Framed<Payload: WirePayload>: Encodable {
        let id: Int?
        let payload: Payload

        func encode(to encoder: any Encoder) throws {
            var frame = encoder.container(keyedBy: Key.self)
            try frame.encode(Payload.type, forKey: .type)
            try frame.encodeIfPresent(id, forKey: .id)
            try payload.encode(to: encoder)
        }
    }

    /// Sorted keys: a message has one spelling, for the goldens and for recorded sessions.
    static func encode<Payload: WirePayload>(_ payload: Payload, id: Int? = nil) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        // Every field is a plain value: encoding cannot fail.
        return (try? encoder.encode(Framed(id: id, payload: payload))) ?? Data()
    }

    static func decode<Frame: Decodable>(_ data: Data, as _: Frame.Type) throws(WireDecodingError) -> Frame {
        do {
            return try JSONDecoder().decode(Frame.self, from: data)
        } catch let error as WireDecodingError {
            throw error
        } catch {
            throw WireDecodingError("not a protocol message (a JSON object with a string 'type' and typed fields): \(summary(of: error))")
        }
    }

    /// Reads `type`, then `body` reads the rest from the same decoder; a missing or mistyped
    /// field is said with the message's type and the field's name.
    static func read<Message>(_ decoder: any Decoder, _ body: (String, KeyedDecodingContainer<Key>) throws -> Message) throws -> Message {
        let frame = try decoder.container(keyedBy: Key.self)
        let type = try frame.decode(String.self, forKey: .type)
        do {
            return try body(type, frame)
        } catch DecodingError.keyNotFound(let key, let context) {
            throw WireDecodingError("'\(type)' needs the field '\((context.codingPath + [key]).map(\.stringValue).joined(separator: "."))'")
        } catch DecodingError.valueNotFound(_, let context) {
            throw WireDecodingError("'\(type)' needs the field '\(context.codingPath.map(\.stringValue).joined(separator: "."))'")
        } catch let error as DecodingError {
            throw WireDecodingError("'\(type)': \(summary(of: error))")
        }
    }

    static func summary(of error: any Error) -> String {
        switch error {
        case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context),
             DecodingError.keyNotFound(_, let context), DecodingError.dataCorrupted(let context):
            let path = context.codingPath.map(\.stringValue).joined(separator: ".")
            return path.isEmpty ? context.debugDescription : "field '\(path)': \(context.debugDescription)"
        default:
            return "\(error)"
        }
    }
}
