import Spelling

/// The type of a parameter, field or returned value, in the vocabulary of
/// LuaLS annotations. One value feeds argument checking, signature text,
/// REPL help, LuaLS files and `glasses check`, so they cannot drift apart.
public indirect enum LuaType: Equatable, Sendable {
    case any
    case `nil`
    case boolean
    /// The value `true` (a success flag such as `wait_for`'s).
    case `true`
    case number
    case integer
    case string
    /// Any function; ``fun(_:returns:)`` when the callback's shape is worth telling.
    case function
    case fun([LuaParameter], returns: [LuaType] = [])
    /// Any table; ``record(_:)`` or ``array(_:)`` when its contents are known.
    case table
    /// One of these strings (`"jpeg"|"heic"`).
    case strings([String])
    /// One of these integers (`2|7|15|24|30`).
    case integers([Int])
    /// A registered class (or one declared with ``LuaClassDeclaration``), by name.
    case named(String)
    /// A named type with its definition: written as the name, defined once
    /// (`---@alias`) in the LuaLS files, checked as the definition.
    case alias(String, LuaType)
    case array(LuaType)
    /// A table with these fields (`{path: string, duration?: number}`).
    case record([LuaParameter])
    case union([LuaType])
    case optional(LuaType)
    /// Any number of values of this type; only last among returns (`task:join`).
    case variadic(LuaType)

    /// The LuaLS spelling, also used in signatures and help.
    public var text: String {
        switch self {
        case .any: "any"
        case .nil: "nil"
        case .boolean: "boolean"
        case .true: "true"
        case .number: "number"
        case .integer: "integer"
        case .string: "string"
        case .function: "function"
        case .table: "table"
        case .fun(let parameters, let returns):
            "fun(\(parameters.map(\.text).joined(separator: ", ")))" + (returns.isEmpty ? "" : ": " + returns.map(\.text).joined(separator: ", "))
        case .strings(let values): values.map { "\"\($0)\"" }.joined(separator: "|")
        case .integers(let values): values.map(String.init).joined(separator: "|")
        case .named(let name), .alias(let name, _): name
        case .array(let element): element.isCompound ? "(\(element.text))[]" : element.text + "[]"
        case .record(let fields): "{\(fields.map(\.text).joined(separator: ", "))}"
        case .union(let members): members.map(\.text).joined(separator: "|")
        // `A|B?` would make only B optional, and LuaLS reads `(A|B)?` poorly: spell out the nil.
        case .optional(let wrapped): wrapped.isCompound ? wrapped.text + "|nil" : wrapped.text + "?"
        case .variadic: "..."
        }
    }

    /// Written with `|` at the top level, so it needs brackets before `[]`.
    private var isCompound: Bool {
        switch self {
        case .union, .optional: true
        case .strings(let values): values.count > 1
        case .integers(let values): values.count > 1
        default: false
        }
    }

    /// Every alias this type mentions, itself included, outermost first.
    public var aliases: [(name: String, definition: LuaType)] {
        switch self {
        case .alias(let name, let definition): [(name, definition)] + definition.aliases
        case .fun(let parameters, let returns): parameters.flatMap(\.type.aliases) + returns.flatMap(\.aliases)
        case .array(let element), .optional(let element), .variadic(let element): element.aliases
        case .record(let fields): fields.flatMap(\.type.aliases)
        case .union(let members): members.flatMap(\.aliases)
        default: []
        }
    }
}

/// A named parameter of a function, or a field of a ``LuaType/record(_:)``.
public struct LuaParameter: Equatable, Sendable {
    public let name: String
    public let type: LuaType
    /// May be nil or left out.
    public let isOptional: Bool
    /// For a number: the values allowed (`0...100`, `0...Double.infinity`).
    public let range: ClosedRange<Double>?
    /// Why the range is what it is, when that is not obvious ("the clock's resolution").
    public let rangeReason: String?
    /// What an optional parameter means when left out, as a Lua literal (`"jpeg"`, `30`);
    /// set by a ``LuaArgument`` with a default, whose read applies it.
    public let defaultText: String?

    public init(
        _ name: String, _ type: LuaType, optional: Bool = false, in range: ClosedRange<Double>? = nil, because reason: String? = nil,
        default defaultText: String? = nil
    ) {
        self.name = name
        self.type = type
        isOptional = optional
        self.range = range
        rangeReason = reason
        self.defaultText = defaultText
    }

    /// `name?: type`.
    public static func optional(_ name: String, _ type: LuaType, in range: ClosedRange<Double>? = nil) -> LuaParameter {
        LuaParameter(name, type, optional: true, in: range)
    }

    /// Why `value` is outside ``range``, or nil when it is inside (or there is no range).
    public func rangeProblem(_ value: Double) -> String? {
        guard let range, !range.contains(value) else { return nil }
        let bounds = range.upperBound == .infinity ? ">= \(Self.numberText(range.lowerBound))" : "\(Self.numberText(range.lowerBound))-\(Self.numberText(range.upperBound))"
        return "\(name) must be \(bounds)\(rangeReason.map { " (\($0))" } ?? ""), got \(Self.numberText(value))"
    }

    /// The range as help and docs state it: `0 to 100`, or `>= 0` when it has no upper bound.
    public var rangeText: String? {
        guard let range else { return nil }
        let lower = Self.numberText(range.lowerBound)
        return range.upperBound == .infinity ? ">= \(lower)" : "\(lower) to \(Self.numberText(range.upperBound))"
    }

    /// A bound as a Lua literal: `30`, not `30.0`.
    public static func numberText(_ value: Double) -> String {
        value.isFinite && value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }

    /// `...: type`: any number of further arguments, never checked.
    public static func rest(_ type: LuaType = .any) -> LuaParameter {
        LuaParameter("...", type)
    }

    public var isRest: Bool { name == "..." }

    /// `name?: type`, as in signatures and LuaLS record types.
    public var text: String { "\(name)\(isOptional ? "?" : ""): \(type.text)" }

    /// What the run and `glasses check` both say of a record key no field declares: the
    /// field it belongs in (`fold` in `rates`), the nearest name, or the names there are.
    public static func unknownField(_ key: String, among fields: [LuaParameter]) -> String {
        if let owner = fields.first(where: { $0.type.recordFields?.contains { $0.name == key } == true }) {
            return "unknown field '\(key)' (it belongs in '\(owner.name)': \(owner.name) = {\(key) = ...})"
        }
        let names = fields.map(\.name)
        if let near = NameSuggestion.closest(to: key, in: names) { return "unknown field '\(key)' (did you mean '\(near)'?)" }
        return "unknown field '\(key)' (fields: \(names.joined(separator: ", ")))"
    }

    /// What a positional item in a record gets.
    public static let positionalItem = "give options by name: {name = value}"
}

extension LuaType {
    /// The fields of a record type, through aliases and optionals.
    public var recordFields: [LuaParameter]? {
        switch self {
        case .record(let fields): fields
        case .optional(let wrapped), .alias(_, let wrapped): wrapped.recordFields
        default: nil
        }
    }
}
