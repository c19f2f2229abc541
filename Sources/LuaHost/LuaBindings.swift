/// Everything registered into a state, described for docs, REPL help and
/// completion, and type files. Bodies are not part of the description.
public struct LuaBindings {
    public struct Function: Sendable {
        public let name: String
        public let signature: String
        public let doc: String
    }

    public struct Module: Sendable {
        public let name: String
        public let doc: String
        public let functions: [Function]
    }

    public struct Field: Sendable {
        public let name: String
        public let type: String
        public let doc: String
    }

    public struct Class: Sendable {
        public let name: String
        public let doc: String
        public let methods: [Function]
        public let fields: [Field]
    }

    public internal(set) var globals: [Function] = []
    public internal(set) var modules: [Module] = []
    public internal(set) var classes: [Class] = []
}

extension LuaBindings.Function {
    init(_ function: LuaFunction) {
        self.init(name: function.name, signature: function.signature, doc: function.doc)
    }
}
