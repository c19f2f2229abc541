#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A payload's fields as its Codable reads them, for docs/protocol.md: the payload is decoded
/// from a decoder that notes each field it is asked for (its name, its type, and whether
/// `decodeIfPresent` asked, so it may be absent) and answers with placeholders.
struct WireSchema {
    struct Field: Equatable {
        let name: String
        /// Its JSON type, in words (`string`, `array of WireDevice`, ``Named``'s case names).
        let type: String
        let optional: Bool
    }

    let fields: [Field]

    init(_ payload: any WirePayload.Type) {
        let notes = Notes()
        // Placeholders satisfy every field type used on the wire; a new one that refuses them
        // is caught by the reference's golden test (its fields go missing).
        _ = try? payload.init(from: SchemaDecoder(notes: notes))
        fields = notes.fields
    }

    /// `T` in the reference's words.
    static func describe(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: "string"
        case is Bool.Type: "boolean"
        case is any BinaryInteger.Type: "integer"
        case is any BinaryFloatingPoint.Type: "number"
        case let described as any SchemaDescribed.Type: described.schemaDescription
        default: "object (`\(type)`)"
        }
    }
}

/// A field type that says what it is in the reference, and gives a placeholder to decode with.
protocol SchemaDescribed {
    static var schemaDescription: String { get }
    static var schemaPlaceholder: Self { get }
}

extension Named: SchemaDescribed {
    static var schemaDescription: String { "`\(Case.self)`: " + Case.allNames.map { "`\($0)`" }.joined(separator: ", ") }
    static var schemaPlaceholder: Named { Named(Case.allCases.first!) }
}

extension Array: SchemaDescribed where Element: Decodable {
    static var schemaDescription: String { "array of " + WireSchema.describe(Element.self) }
    static var schemaPlaceholder: [Element] { [] }
}

extension Dictionary: SchemaDescribed where Key == String, Value: Decodable {
    static var schemaDescription: String { "object of " + WireSchema.describe(Value.self) }
    static var schemaPlaceholder: [String: Value] { [:] }
}

private final class Notes {
    var fields: [WireSchema.Field] = []
}

/// The placeholder of `type`: zero, empty, the first case, or a nested object made of placeholders.
private func placeholder<T: Decodable>(_ type: T.Type) throws -> T {
    let plain: Any? = switch type {
    case is String.Type: ""
    case is Bool.Type: false
    case let integer as any BinaryInteger.Type: zero(integer)
    case let number as any BinaryFloatingPoint.Type: zero(number)
    default: nil
    }
    if let plain = plain as? T { return plain }
    if let described = type as? any SchemaDescribed.Type, let value = described.schemaPlaceholder as? T { return value }
    if let cases = type as? any CaseIterable.Type, let first = firstCase(cases) as? T { return first }
    return try T(from: SchemaDecoder(notes: nil))
}

private func firstCase<C: CaseIterable>(_: C.Type) -> Any? { C.allCases.first }
private func zero<N: Numeric>(_: N.Type) -> Any { N.zero }

/// Notes the fields of the object it decodes (when it has `notes`), none of those nested in them.
private struct SchemaDecoder: Decoder {
    let notes: Notes?
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy _: Key.Type) -> KeyedDecodingContainer<Key> {
        KeyedDecodingContainer(SchemaKeyedContainer<Key>(notes: notes))
    }

    func unkeyedContainer() -> any UnkeyedDecodingContainer { EmptyUnkeyedContainer() }
    func singleValueContainer() -> any SingleValueDecodingContainer { PlaceholderValue() }
}

private struct SchemaKeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let notes: Notes?
    var codingPath: [any CodingKey] { [] }
    var allKeys: [Key] { [] }

    func contains(_ key: Key) -> Bool { true }
    func decodeNil(forKey key: Key) -> Bool { false }

    private func required<T: Decodable>(_ type: T.Type, _ key: Key) throws -> T {
        notes?.fields.append(WireSchema.Field(name: key.stringValue, type: WireSchema.describe(type), optional: false))
        return try placeholder(type)
    }

    private func optional<T: Decodable>(_ type: T.Type, _ key: Key) -> T? {
        notes?.fields.append(WireSchema.Field(name: key.stringValue, type: WireSchema.describe(type), optional: true))
        return nil
    }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try required(type, key) }
    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? { optional(type, key) }
    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try required(type, key) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try required(type, key) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try required(type, key) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try required(type, key) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try required(type, key) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try required(type, key) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try required(type, key) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try required(type, key) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try required(type, key) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try required(type, key) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try required(type, key) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try required(type, key) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try required(type, key) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try required(type, key) }
    func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? { optional(type, key) }
    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? { optional(type, key) }
    func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? { optional(type, key) }
    func decodeIfPresent(_ type: Float.Type, forKey key: Key) throws -> Float? { optional(type, key) }
    func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? { optional(type, key) }
    func decodeIfPresent(_ type: Int8.Type, forKey key: Key) throws -> Int8? { optional(type, key) }
    func decodeIfPresent(_ type: Int16.Type, forKey key: Key) throws -> Int16? { optional(type, key) }
    func decodeIfPresent(_ type: Int32.Type, forKey key: Key) throws -> Int32? { optional(type, key) }
    func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? { optional(type, key) }
    func decodeIfPresent(_ type: UInt.Type, forKey key: Key) throws -> UInt? { optional(type, key) }
    func decodeIfPresent(_ type: UInt8.Type, forKey key: Key) throws -> UInt8? { optional(type, key) }
    func decodeIfPresent(_ type: UInt16.Type, forKey key: Key) throws -> UInt16? { optional(type, key) }
    func decodeIfPresent(_ type: UInt32.Type, forKey key: Key) throws -> UInt32? { optional(type, key) }
    func decodeIfPresent(_ type: UInt64.Type, forKey key: Key) throws -> UInt64? { optional(type, key) }

    func nestedContainer<NestedKey: CodingKey>(keyedBy _: NestedKey.Type, forKey _: Key) -> KeyedDecodingContainer<NestedKey> {
        KeyedDecodingContainer(SchemaKeyedContainer<NestedKey>(notes: nil))
    }
    func nestedUnkeyedContainer(forKey _: Key) -> any UnkeyedDecodingContainer { EmptyUnkeyedContainer() }
    func superDecoder() -> any Decoder { SchemaDecoder(notes: nil) }
    func superDecoder(forKey _: Key) -> any Decoder { SchemaDecoder(notes: nil) }
}

private struct EmptyUnkeyedContainer: UnkeyedDecodingContainer {
    var codingPath: [any CodingKey] { [] }
    var count: Int? { 0 }
    var isAtEnd: Bool { true }
    var currentIndex: Int { 0 }
    mutating func decodeNil() -> Bool { true }
    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try placeholder(type) }
    mutating func decode(_ type: Bool.Type) throws -> Bool { try placeholder(type) }
    mutating func decode(_ type: String.Type) throws -> String { try placeholder(type) }
    mutating func decode(_ type: Double.Type) throws -> Double { try placeholder(type) }
    mutating func decode(_ type: Float.Type) throws -> Float { try placeholder(type) }
    mutating func decode(_ type: Int.Type) throws -> Int { try placeholder(type) }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try placeholder(type) }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try placeholder(type) }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try placeholder(type) }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try placeholder(type) }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try placeholder(type) }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try placeholder(type) }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try placeholder(type) }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try placeholder(type) }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try placeholder(type) }
    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy _: NestedKey.Type) -> KeyedDecodingContainer<NestedKey> {
        KeyedDecodingContainer(SchemaKeyedContainer<NestedKey>(notes: nil))
    }
    mutating func nestedUnkeyedContainer() -> any UnkeyedDecodingContainer { EmptyUnkeyedContainer() }
    mutating func superDecoder() -> any Decoder { SchemaDecoder(notes: nil) }
}

private struct PlaceholderValue: SingleValueDecodingContainer {
    var codingPath: [any CodingKey] { [] }
    func decodeNil() -> Bool { false }
    func decode<T: Decodable>(_ type: T.Type) throws -> T { try placeholder(type) }
    func decode(_ type: Bool.Type) throws -> Bool { try placeholder(type) }
    func decode(_ type: String.Type) throws -> String { try placeholder(type) }
    func decode(_ type: Double.Type) throws -> Double { try placeholder(type) }
    func decode(_ type: Float.Type) throws -> Float { try placeholder(type) }
    func decode(_ type: Int.Type) throws -> Int { try placeholder(type) }
    func decode(_ type: Int8.Type) throws -> Int8 { try placeholder(type) }
    func decode(_ type: Int16.Type) throws -> Int16 { try placeholder(type) }
    func decode(_ type: Int32.Type) throws -> Int32 { try placeholder(type) }
    func decode(_ type: Int64.Type) throws -> Int64 { try placeholder(type) }
    func decode(_ type: UInt.Type) throws -> UInt { try placeholder(type) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try placeholder(type) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try placeholder(type) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try placeholder(type) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try placeholder(type) }
}
