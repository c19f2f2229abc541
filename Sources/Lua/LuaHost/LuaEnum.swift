/// A Swift enum that Lua code names by strings (`"jpeg"`, `"heic"`). Its cases are
/// the one list of allowed values: `.enum(T.self)` checks, documents and types a
/// parameter from it, and ``LuaCall/enumValue(_:as:)`` reads the case back.
///
/// A `String`-backed enum conforms with an empty extension (its raw values are the names).
public protocol LuaEnum: CaseIterable, Sendable {
    /// How Lua code spells this case.
    var luaName: String { get }
    /// The type's name in LuaLS files (`---@alias PhotoCaptureFormat "jpeg"|"heic"`);
    /// the Swift type's name unless it says otherwise.
    static var luaTypeName: String { get }
    /// The case Lua code names `name`, or nil.
    init?(luaName name: String)
}

extension LuaEnum {
    /// `_typeName`, not `String(describing:)`: that one asks the runtime whether the metatype
    /// conforms to the printing protocols, a scan of every conformance in the binary per type,
    /// which at start-up (every `.enum` parameter) doubled `glasses run`'s cold start.
    public static var luaTypeName: String { _typeName(Self.self, qualified: false) }

    /// Every case's name, in declaration order.
    public static var luaNames: [String] { allCases.map(\.luaName) }

    /// Looks through the cases (a `String`-backed enum goes by its raw value instead, with no array made).
    public init?(luaName name: String) {
        guard let found = Self.allCases.first(where: { $0.luaName == name }) else { return nil }
        self = found
    }

    /// What a read says of a name that is none of the cases: the registry's own
    /// message, so a read and the check before it cannot word it differently.
    static func invalid(_ name: String) -> String {
        "invalid value '\(name)' (expected one of: \(luaNames.joined(separator: ", ")))"
    }
}

extension LuaEnum where Self: RawRepresentable, RawValue == String {
    public var luaName: String { rawValue }
    public init?(luaName name: String) { self.init(rawValue: name) }
}

extension LuaType {
    /// One of the cases of `T`, by name: checked and listed as the literal strings,
    /// written as an alias (`---@alias T "a"|"b"`) in LuaLS files.
    public static func `enum`<T: LuaEnum>(_ type: T.Type) -> LuaType {
        .alias(T.luaTypeName, .strings(T.luaNames))
    }

    /// This type with every alias of literals (an enum) replaced by its literals:
    /// signatures and help list the values where LuaLS files name the alias.
    public var spellingOutLiterals: LuaType {
        switch self {
        case .alias(_, let definition):
            switch definition {
            case .strings, .integers: definition
            default: self
            }
        case .fun(let parameters, let returns):
            .fun(parameters.map(\.spellingOutLiterals), returns: returns.map(\.spellingOutLiterals))
        case .array(let element): .array(element.spellingOutLiterals)
        case .record(let fields): .record(fields.map(\.spellingOutLiterals))
        case .union(let members): .union(members.map(\.spellingOutLiterals))
        case .optional(let wrapped): .optional(wrapped.spellingOutLiterals)
        case .variadic(let element): .variadic(element.spellingOutLiterals)
        default: self
        }
    }
}

extension LuaParameter {
    /// The same parameter with its type's enum aliases spelled out (``LuaType/spellingOutLiterals``).
    public var spellingOutLiterals: LuaParameter {
        LuaParameter(name, type.spellingOutLiterals, optional: isOptional, in: range, because: rangeReason, default: defaultText)
    }
}

extension LuaCall {
    /// A string argument naming a case of `T` (the registry has checked it against `.enum(T.self)`).
    public func enumValue<T: LuaEnum>(_ n: Int, as type: T.Type) throws -> T {
        let name = try string(n)
        guard let value = T(luaName: name) else { throw LuaArgumentError(argument: n, message: T.invalid(name)) }
        return value
    }

    /// ``enumValue(_:as:)`` for an optional argument: nil when absent.
    public func optionalEnumValue<T: LuaEnum>(_ n: Int, as type: T.Type) throws -> T? {
        isNil(n) ? nil : try enumValue(n, as: type)
    }
}

extension LuaTableArgument {
    /// The field naming a case of `T`; errors name the field.
    public func enumValue<T: LuaEnum>(_ key: String, as type: T.Type) throws -> T {
        try field(key) { try call.enumValue($0, as: type) }
    }

    public func optionalEnumValue<T: LuaEnum>(_ key: String, as type: T.Type) throws -> T? {
        try field(key) { try call.optionalEnumValue($0, as: type) }
    }
}
