import WearablesModel

/// A component as untyped data: what a Lua table (`{type = "text", content = "Hi"}`) or a
/// wire message holds before it is checked. Properties are snake_case, as Lua writes them;
/// enum values are DAT's case names; children are in order.
public struct ComponentSpec: Sendable, Equatable {
    public var type: String
    public var properties: [String: SpecValue]
    public var children: [ComponentSpec]

    public init(_ type: String, _ properties: [String: SpecValue] = [:], children: [ComponentSpec] = []) {
        self.type = type
        self.properties = properties
        self.children = children
    }
}

/// One property value of a spec.
public enum SpecValue: Sendable, Equatable {
    case string(String)
    case number(Double)
    case bool(Bool)
    /// A table of named values (padding's edges).
    case table([String: SpecValue])
    /// Pixels for an image (a file, photo or frame the binding decoded).
    case pixels(RGBImage)

    /// How a message names the value's type.
    var typeName: String {
        switch self {
        case .string: "string"
        case .number: "number"
        case .bool: "boolean"
        case .table: "table"
        case .pixels: "pixels"
        }
    }
}
