/// Everything registered into a state, described for docs, REPL help and
/// completion, and type files. Bodies are not part of the description.
public struct LuaBindings {
    public struct Function: Sendable {
        public let name: String
        /// The module (`wearables`, `mock.permissions`) or class (`Camera`); nil for a global.
        public let owner: String?
        /// Called as `obj:name(...)`.
        public let isMethod: Bool
        public let parameters: [LuaParameter]
        public let returns: [LuaType]
        public let doc: String
        /// What the values must also satisfy (``LuaArgumentRule``), for `glasses check`.
        public let rule: LuaArgumentRule?

        public init(
            name: String, owner: String?, isMethod: Bool, parameters: [LuaParameter], returns: [LuaType], doc: String,
            rule: LuaArgumentRule? = nil
        ) {
            self.name = name
            self.owner = owner
            self.isMethod = isMethod
            self.parameters = parameters
            self.returns = returns
            self.doc = doc
            self.rule = rule
        }

        /// `Camera:capture(format?: "jpeg"|"heic") -> Photo`, rendered from the spec
        /// (enums listing their values, where LuaLS files name their alias).
        public var signature: String {
            let head = owner.map { $0 + (isMethod ? ":" : ".") + name } ?? name
            let arguments = parameters.map(\.spellingOutLiterals.text).joined(separator: ", ")
            let results = returns.map(\.spellingOutLiterals.text).joined(separator: ", ")
            return "\(head)(\(arguments))" + (results.isEmpty ? "" : " -> " + results)
        }
    }

    public struct Module: Sendable {
        public let name: String
        public let doc: String
        public let functions: [Function]
        /// A script using it (``LuaModule/example``).
        public let example: String
    }

    public struct Field: Sendable {
        public let name: String
        public let type: LuaType
        public let doc: String

        public init(name: String, type: LuaType, doc: String) {
            self.name = name
            self.type = type
            self.doc = doc
        }
    }

    public struct Class: Sendable {
        public let name: String
        public let doc: String
        public let methods: [Function]
        public let fields: [Field]
        /// Declared with ``LuaClassDeclaration``: Lua code makes its instances and nothing checks calls to it.
        public let isImplementedInLua: Bool
        /// Its instances may hold fields beyond ``fields`` (a recipe handle holds what the recipe exposes).
        public let isOpen: Bool
        /// What calling an instance does (``LuaClass/call``); its `name` is the field that
        /// holds the instance, and its parameters start with that field's holder.
        public var call: Function? = nil
    }

    public init() {}

    public internal(set) var globals: [Function] = []
    public internal(set) var modules: [Module] = []
    public internal(set) var classes: [Class] = []
    /// Table shapes scripts write (``LuaRecordType``), in declaration order.
    public internal(set) var records: [LuaRecordType] = []

    /// The record whose name or tag is `name` (`DisplayButton` or `button`).
    public func record(named name: String) -> LuaRecordType? {
        records.first { $0.name == name } ?? records.first { $0.tag == name }
    }

    /// Every alias any signature or field mentions, by name, each once.
    public var aliases: [(name: String, definition: LuaType)] {
        let functions = globals + modules.flatMap(\.functions) + classes.flatMap(\.methods) + classes.compactMap(\.call)
        var types: [LuaType] = functions.flatMap { $0.parameters.map(\.type) + $0.returns }
        types += classes.flatMap { $0.fields.map(\.type) }
        types += records.flatMap { record in record.fields.map { $0.parameter.type } }
        var seen: Set<String> = []
        return types.flatMap(\.aliases).filter { seen.insert($0.name).inserted }
    }
}

extension LuaBindings {
    /// `luaClass`'s methods as scripts call them: its own, then one per field holding a
    /// callable instance (`cam:photo{}` calls `cam.photo`), without the holder `:` passes.
    public func methods(of luaClass: Class) -> [Function] {
        luaClass.methods + luaClass.fields.compactMap { field in
            guard case .named(let held) = field.type, let call = classes.first(where: { $0.name == held })?.call else { return nil }
            return Function(
                name: field.name, owner: luaClass.name, isMethod: true, parameters: Array(call.parameters.dropFirst()),
                returns: call.returns, doc: call.doc, rule: call.rule)
        }
    }
}

extension LuaBindings.Function {
    init(_ function: LuaFunction, owner: String?, isMethod: Bool = false) {
        self.init(
            name: function.name, owner: owner, isMethod: isMethod, parameters: function.parameters,
            returns: function.returns, doc: function.doc, rule: function.rule)
    }
}
