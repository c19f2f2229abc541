/// A typed parameter: the ``LuaParameter`` the registry checks, documents and types,
/// and the read that turns the checked argument into a `Value`, applying the default
/// the parameter declares. One declaration, so a read cannot fall back to another
/// value than the one the docs give, nor accept names the check refuses.
///
/// Use it as a function's or method's parameter (``LuaMethod``, the typed
/// ``LuaFunction`` initialisers) or as a field of an options table
/// (`.record(fields.map(\.parameter))`, then ``value(in:)-(LuaTableArgument?)``).
/// Reads are closures made once, when the argument is declared.
public struct LuaArgument<Value> {
    public let parameter: LuaParameter
    /// Reads argument `n` of a call (absent or nil included, for an optional one).
    private let read: @Sendable (LuaCall, Int) throws -> Value
    /// The value when there is nothing to read (an options table left out); nil for a required argument.
    private let absent: Value?

    public init(_ parameter: LuaParameter, absent: Value? = nil, read: @escaping @Sendable (LuaCall, Int) throws -> Value) {
        self.parameter = parameter
        self.read = read
        self.absent = absent
    }

    public var name: String { parameter.name }

    /// Argument `n` of `call`.
    public func value(in call: LuaCall, at n: Int) throws -> Value { try read(call, n) }

    /// The field of this name in an options table.
    public func value(in table: LuaTableArgument) throws -> Value {
        try table.field(parameter.name) { try read(table.call, $0) }
    }

    /// The field of this name in an options table that may be left out (then: the default, or nil).
    public func value(in table: LuaTableArgument?) throws -> Value {
        if let table { return try value(in: table) }
        guard let absent else { throw LuaError("options table with '\(parameter.name)' expected") }
        return absent
    }
}

/// Shareable when its value is (a `static let` of a binding): its reads capture only the spec's values.
extension LuaArgument: Sendable where Value: Sendable {}

// MARK: - Enums

extension LuaArgument where Value: LuaEnum {
    /// A required name of a case of `Value`.
    public static func `enum`(_ name: String, _ type: Value.Type) -> LuaArgument {
        LuaArgument(LuaParameter(name, .enum(type))) { try $0.enumValue($1, as: type) }
    }

    /// An optional name of a case of `Value`, `fallback` when left out.
    public static func `enum`(_ name: String, _ type: Value.Type, default fallback: Value) -> LuaArgument {
        LuaArgument(LuaParameter(name, .enum(type), optional: true, default: "\"\(fallback.luaName)\""), absent: fallback) {
            try $0.optionalEnumValue($1, as: type) ?? fallback
        }
    }
}

extension LuaArgument {
    /// An optional name of a case of `T`, nil when left out (the callee decides what that means).
    public static func optionalEnum<T: LuaEnum>(_ name: String, _ type: T.Type) -> LuaArgument<T?> where Value == T? {
        LuaArgument(.optional(name, .enum(type)), absent: .some(nil)) { try $0.optionalEnumValue($1, as: type) }
    }
}

// MARK: - Scalars

extension LuaArgument where Value == Double {
    public static func number(_ name: String, in range: ClosedRange<Double>? = nil) -> LuaArgument {
        LuaArgument(LuaParameter(name, .number, in: range)) { try $0.number($1) }
    }

    public static func number(_ name: String, in range: ClosedRange<Double>? = nil, default fallback: Double) -> LuaArgument {
        LuaArgument(LuaParameter(name, .number, optional: true, in: range, default: LuaArgument.literal(fallback)), absent: fallback) {
            try $0.optionalNumber($1) ?? fallback
        }
    }
}

extension LuaArgument where Value == Double? {
    public static func optionalNumber(_ name: String, in range: ClosedRange<Double>? = nil) -> LuaArgument {
        LuaArgument(.optional(name, .number, in: range), absent: .some(nil)) { try $0.optionalNumber($1) }
    }
}

extension LuaArgument where Value == Int {
    public static func integer(_ name: String, in range: ClosedRange<Double>? = nil) -> LuaArgument {
        LuaArgument(LuaParameter(name, .integer, in: range)) { Int(try $0.integer($1)) }
    }

    /// One of `values`, `fallback` when left out.
    public static func integer(_ name: String, oneOf values: [Int], default fallback: Int) -> LuaArgument {
        LuaArgument(LuaParameter(name, .integers(values), optional: true, default: String(fallback)), absent: fallback) {
            try $0.optionalInteger($1).map { Int($0) } ?? fallback
        }
    }
}

extension LuaArgument where Value == Int? {
    /// One of `values`, or nil when left out.
    public static func optionalInteger(_ name: String, oneOf values: [Int]) -> LuaArgument {
        LuaArgument(.optional(name, .integers(values)), absent: .some(nil)) { try $0.optionalInteger($1).map { Int($0) } }
    }
}

extension LuaArgument where Value == String {
    public static func string(_ name: String) -> LuaArgument {
        LuaArgument(LuaParameter(name, .string)) { try $0.string($1) }
    }

    /// One of `values` (event names, say), which are not worth a Swift enum.
    public static func string(_ name: String, oneOf values: [String]) -> LuaArgument {
        LuaArgument(LuaParameter(name, .strings(values))) { try $0.enumeration($1, of: values) }
    }
}

extension LuaArgument where Value == LuaRef {
    /// A function, held for later calls; `type` tells its shape (`.fun([...])`) when worth it.
    public static func function(_ name: String, _ type: LuaType = .function) -> LuaArgument {
        LuaArgument(LuaParameter(name, type)) { try $0.function($1) }
    }
}

extension LuaArgument where Value == LuaTableArgument {
    /// A table of options (`{path = ..., duration = ...}`), read with field arguments.
    public static func options(_ name: String, _ fields: [LuaParameter]) -> LuaArgument {
        LuaArgument(LuaParameter(name, .record(fields))) { try $0.table($1) }
    }
}

extension LuaArgument where Value == LuaTableArgument? {
    /// A table of options that may be left out (each field then takes its default).
    public static func optionalOptions(_ name: String, _ fields: [LuaParameter]) -> LuaArgument {
        LuaArgument(.optional(name, .record(fields)), absent: .some(nil)) { try $0.optionalTable($1) }
    }
}

extension LuaArgument where Value: AnyObject {
    /// An object of a registered class, whose Lua name is `className`.
    public static func object(_ name: String, _ type: Value.Type, className: String) -> LuaArgument {
        LuaArgument(LuaParameter(name, .named(className))) { try $0.userdata($1, as: type) }
    }
}

extension LuaArgument {
    /// A number as a Lua literal: `30`, `0.5`.
    static func literal(_ number: Double) -> String {
        number.isFinite && number == number.rounded() && abs(number) < 1e15 ? String(Int(number)) : String(number)
    }
}
