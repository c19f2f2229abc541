/// A read-only field of a userdata class, computed on each access (`cam.state`).
public struct LuaField<Object: AnyObject> {
    public let name: String
    public let type: LuaType
    public let doc: String
    public let get: (Object) throws -> LuaValue

    public init(name: String, type: LuaType, doc: String, get: @escaping (Object) throws -> LuaValue) {
        self.name = name
        self.type = type
        self.doc = doc
        self.get = get
    }
}

/// A Swift class exposed to Lua as userdata. Methods are ``LuaFunction``s whose
/// argument 1 is the object (`call.userdata(1, as: Object.self)`).
public struct LuaClass<Object: AnyObject> {
    public let name: String
    public let doc: String
    public let methods: [LuaFunction]
    public let fields: [LuaField<Object>]
    /// What `tostring(obj)` shows; defaults to `Name: 0x...`.
    public let describe: ((Object) -> String)?
    /// Host memory an instance holds while a script holds it (a photo's bytes),
    /// charged against the memory cap from push until its userdata is collected.
    public let memoryCost: ((Object) -> Int)?
    /// What calling an instance does (`__call`; argument 1 is the object), so an object
    /// held in a field also serves as a method of its holder (`cam:photo{}` beside `cam.photo:start()`).
    public let call: LuaFunction?

    public init(
        _ type: Object.Type, name: String, doc: String, methods: [LuaFunction] = [], fields: [LuaField<Object>] = [],
        call: LuaFunction? = nil, describe: ((Object) -> String)? = nil, memoryCost: ((Object) -> Int)? = nil
    ) {
        self.name = name
        self.doc = doc
        self.methods = methods
        self.fields = fields
        self.call = call
        self.describe = describe
        self.memoryCost = memoryCost
    }
}

/// A class whose instances Lua code makes (a plain table, such as a recipe's
/// `ctx`): declared so help, type files and `glasses check` know it. Nothing
/// checks calls to it; its methods are implemented in Lua.
public struct LuaClassDeclaration: Sendable {
    public typealias Method = (name: String, parameters: [LuaParameter], returns: [LuaType], doc: String)

    public let name: String
    public let doc: String
    public let methods: [LuaBindings.Function]
    public let fields: [LuaBindings.Field]
    /// Its instances may hold fields beyond `fields`, which `glasses check` then lets pass.
    public let isOpen: Bool

    /// `methods` are called `obj:name(...)`; put functions held in fields among `fields`.
    public init(name: String, doc: String, methods: [Method], fields: [LuaBindings.Field], open: Bool = false) {
        self.name = name
        self.doc = doc
        isOpen = open
        self.methods = methods.map {
            LuaBindings.Function(name: $0.name, owner: name, isMethod: true, parameters: $0.parameters, returns: $0.returns, doc: $0.doc)
        }
        self.fields = fields
    }
}

/// A registered class, as the state keeps it.
struct LuaClassBinding {
    let name: String
    let metatable: Int32
    let memoryCost: ((AnyObject) -> Int)?
}
