#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Any JSON document, for code that reads or writes JSON whose shape is open
/// (trace records, timelines, sweep summaries). Codable, so it goes through
/// FoundationEssentials' JSONDecoder and JSONEncoder: `JSONSerialization` and
/// `[String: Any]` would link all of Foundation (see `String(cFormat:)`).
public enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case integer(Int64)
    case double(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    /// Parses a JSON document.
    public static func parse(_ bytes: some Collection<UInt8>) throws -> JSONValue {
        try JSONDecoder().decode(JSONValue.self, from: Data(bytes))
    }

    /// The document as JSON text, keys sorted so the same value always gives the same bytes.
    public func encoded(pretty: Bool = false) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = pretty ? [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes] : [.sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(self)
    }

    public var string: String? { if case .string(let value) = self { value } else { nil } }
    /// An integer or a double, as a double.
    public var number: Double? {
        switch self {
        case .integer(let value): Double(value)
        case .double(let value): value
        default: nil
        }
    }
    public var object: [String: JSONValue]? { if case .object(let value) = self { value } else { nil } }
    public var array: [JSONValue]? { if case .array(let value) = self { value } else { nil } }
    /// The member `key` of an object; nil for a missing member or a value that is no object.
    public subscript(key: String) -> JSONValue? { object?[key] }
}

extension JSONValue: Codable {
    public init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Int64.self) {
            self = .integer(value)
        } else if let value = try? container.decode(Double.self) {
            self = .double(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .integer(let value): try container.encode(value)
        case .double(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }
}

extension JSONValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral,
    ExpressibleByBooleanLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral, ExpressibleByNilLiteral
{
    public init(stringLiteral value: String) { self = .string(value) }
    public init(integerLiteral value: Int64) { self = .integer(value) }
    public init(floatLiteral value: Double) { self = .double(value) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }
    public init(nilLiteral: ()) { self = .null }
}

/// A Swift value with an obvious JSON form, so a record can be written as a
/// dictionary literal of mixed values (`["name": name, "ts": ts]`).
public protocol JSONRepresentable {
    var json: JSONValue { get }
}

extension JSONValue: JSONRepresentable { public var json: JSONValue { self } }
extension String: JSONRepresentable { public var json: JSONValue { .string(self) } }
extension Bool: JSONRepresentable { public var json: JSONValue { .bool(self) } }
extension Int: JSONRepresentable { public var json: JSONValue { .integer(Int64(self)) } }
extension Int32: JSONRepresentable { public var json: JSONValue { .integer(Int64(self)) } }
extension Int64: JSONRepresentable { public var json: JSONValue { .integer(self) } }
extension UInt64: JSONRepresentable { public var json: JSONValue { .integer(Int64(truncatingIfNeeded: self)) } }
extension Double: JSONRepresentable { public var json: JSONValue { .double(self) } }
extension Array: JSONRepresentable where Element: JSONRepresentable { public var json: JSONValue { .array(map(\.json)) } }
extension Dictionary: JSONRepresentable where Key == String, Value: JSONRepresentable {
    public var json: JSONValue { .object(mapValues(\.json)) }
}

extension JSONValue {
    /// An object from mixed Swift values.
    public static func record(_ fields: [String: any JSONRepresentable]) -> JSONValue {
        .object(fields.mapValues(\.json))
    }
}
