/// A Lua value as Swift sees it. Tables, functions and threads that Swift does
/// not copy travel as `ref`; exposed Swift objects travel as `object`.
public enum LuaValue {
    case `nil`
    case boolean(Bool)
    case integer(Int64)
    case number(Double)
    case string(String)
    /// A Lua string of arbitrary bytes (file contents), pushed as is.
    case bytes([UInt8])
    /// Pushed as a sequence `{v1, v2, ...}`.
    case array([LuaValue])
    /// Pushed as a table with string keys.
    case table([String: LuaValue])
    /// A Swift object whose class was registered with ``LuaState/register(_:)-(LuaClass<Object>)``.
    case object(AnyObject)
    case ref(LuaRef)

    public var isNil: Bool {
        if case .nil = self { return true }
        return false
    }

    /// The number, for both integer and float values.
    public var number: Double? {
        switch self {
        case .integer(let i): Double(i)
        case .number(let n): n
        default: nil
        }
    }

    public var string: String? {
        if case .string(let s) = self { return s }
        return nil
    }
}

extension LuaValue: ExpressibleByNilLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral, ExpressibleByStringLiteral, ExpressibleByArrayLiteral
{
    public init(nilLiteral: ()) { self = .nil }
    public init(booleanLiteral value: Bool) { self = .boolean(value) }
    public init(integerLiteral value: Int64) { self = .integer(value) }
    public init(floatLiteral value: Double) { self = .number(value) }
    public init(stringLiteral value: String) { self = .string(value) }
    public init(arrayLiteral elements: LuaValue...) { self = .array(elements) }
}
