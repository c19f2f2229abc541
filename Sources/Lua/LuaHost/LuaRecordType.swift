/// A table shape scripts write and pass (a display component, `{type = "text", content = "Hi"}`):
/// declared so the reference, type files, REPL help and `glasses check` know its fields, their
/// defaults and limits. The binding that reads such tables checks them itself; a parameter names
/// the type with ``LuaType/named(_:)``, or a union of several with an alias.
public struct LuaRecordType: Sendable {
    /// A field: its parameter (type, optional, default, numeric range), what it is for, and
    /// any limit a range cannot say ("at most 4096 bytes").
    public struct Field: Sendable {
        public let parameter: LuaParameter
        public let doc: String
        public let limit: String?

        public init(_ parameter: LuaParameter, doc: String, limit: String? = nil) {
            self.parameter = parameter
            self.doc = doc
            self.limit = limit
        }

        public var name: String { parameter.name }
    }

    /// Its name in LuaLS files and the reference (`DisplayText`).
    public let name: String
    /// The value of its `type` field that selects it among its union's members (`text`), if any.
    public let tag: String?
    public let doc: String
    /// Its fields, the tag's included.
    public let fields: [Field]

    public init(name: String, tag: String? = nil, doc: String, fields: [Field]) {
        self.name = name
        self.tag = tag
        self.doc = doc
        self.fields = fields
    }

    /// `{type = "text", content, style?, color?, ...}`: how a script writes it, optional fields marked.
    public var shape: String {
        var parts = tag.map { ["type = \"\($0)\""] } ?? []
        parts += fields.filter { tag == nil || $0.name != "type" }.map { $0.name + ($0.parameter.isOptional ? "?" : "") }
        return "{" + parts.joined(separator: ", ") + "}"
    }
}
