import Spelling
import CLua
import CLuaShim

extension LuaState {
    /// Registers a global function (`now`, `wait`).
    public func register(_ function: LuaFunction) throws(LuaScriptError) {
        let base = lua_gettop(L)
        defer { lua_settop(L, base) }
        do {
            try pushFunction(function.body, checking: LuaArgumentCheck(function, offset: 0), named: function.name, on: L)
            try LuaStack.check(function.name.withCString { gs_setglobal(L, $0) })
        } catch {
            throw popScriptError(.runtime)
        }
        bindings.globals.append(LuaBindings.Function(function, owner: nil))
    }

    /// Registers a module as a global table and in `package.loaded`, so
    /// `require(name)` returns it in every sandbox profile. A dotted name
    /// (`mock.permissions`) becomes a field of its already registered parent.
    public func register(_ module: LuaModule) throws(LuaScriptError) {
        let base = lua_gettop(L)
        defer { lua_settop(L, base) }
        var table: LuaRef?
        do {
            try LuaStack.check(gs_newtable(L, 0, Int32(clamping: module.functions.count)))
            for function in module.functions {
                try pushFunction(function.body, checking: LuaArgumentCheck(function, offset: 0), named: "\(module.name).\(function.name)", on: L)
                try LuaStack.check(function.name.withCString { gs_rawsetfield(L, -2, $0) })
            }
            try LuaStack.check(gs_getfield(L, gs_registryindex(), LUA_LOADED_TABLE))
            lua_pushvalue(L, -2)
            try LuaStack.check(module.name.withCString { gs_rawsetfield(L, -2, $0) })
            gs_pop(L, 1)
            if module.name.contains(".") {
                table = try ref(at: -1, on: L, popping: true)
            } else {
                try LuaStack.check(module.name.withCString { gs_setglobal(L, $0) })
            }
        } catch {
            throw popScriptError(.runtime)
        }
        if let table { try attach(table, asSubmodule: module.name) }
        bindings.modules.append(
            LuaBindings.Module(
                name: module.name, doc: module.doc, functions: module.functions.map { LuaBindings.Function($0, owner: module.name) },
                example: module.example))
    }

    private func attach(_ table: LuaRef, asSubmodule name: String) throws(LuaScriptError) {
        let path = name.split(separator: ".").map(String.init)
        guard let root = path.first, path.count > 1 else {
            throw LuaScriptError(kind: .runtime, message: "cannot register '\(name)': a submodule is named parent.child")
        }
        var parent = try global(root)
        for key in path.dropFirst().dropLast() {
            guard case .ref(let ref) = parent else { break }
            parent = try field(ref, key)
        }
        guard case .ref(let parentTable) = parent, let last = path.last else {
            throw LuaScriptError(kind: .runtime, message: "cannot register '\(name)': register its parent module first")
        }
        try setField(parentTable, last, .ref(table))
    }

    /// Registers a class so its instances can be passed to Lua as ``LuaValue/object(_:)``.
    public func register<Object: AnyObject>(_ luaClass: LuaClass<Object>) throws(LuaScriptError) {
        let base = lua_gettop(L)
        defer { lua_settop(L, base) }
        let name = luaClass.name
        do {
            try LuaStack.check(gs_newtable(L, 0, Int32(clamping: luaClass.methods.count)))
            for method in luaClass.methods {
                try pushFunction(method.body, checking: LuaArgumentCheck(method, offset: 1), named: "\(name):\(method.name)", on: L)
                try LuaStack.check(method.name.withCString { gs_rawsetfield(L, -2, $0) })
            }
            var metatable: Int32 = 0
            let fields = fieldGetter(luaClass)
            try LuaStack.check(name.withCString { gs_newclass(L, $0, fields, &metatable) })
            try setMetamethod("__tostring", on: L) { call in
                guard let pointer = gs_tobox(call.L, 1), let object = LuaObjectBox.from(pointer).object as? Object else {
                    return .value(.string("\(name) (no longer valid)"))
                }
                let address = String(UInt(bitPattern: Unmanaged.passUnretained(object).toOpaque()), radix: 16)
                return .value(.string(luaClass.describe?(object) ?? "\(name): 0x\(address)"))
            }
            try setMetamethod("__eq", on: L) { call in
                guard let a = gs_tobox(call.L, 1), let b = gs_tobox(call.L, 2),
                    let left = LuaObjectBox.from(a).object, let right = LuaObjectBox.from(b).object
                else { return .value(.boolean(false)) }
                return .value(.boolean(left === right))
            }
            try setMetamethod("__newindex", on: L) { call in
                let key = (try? call.string(2)) ?? "?"
                throw LuaError("cannot set '\(key)' on a \(name): its fields are read-only")
            }
            if let call = luaClass.call {
                try pushFunction(call.body, checking: LuaArgumentCheck(call, offset: 1), named: call.name, on: L)
                try LuaStack.check("__call".withCString { gs_rawsetfield(L, -2, $0) })
            }
            let cost = luaClass.memoryCost.map { cost in { (object: AnyObject) in (object as? Object).map(cost) ?? 0 } }
            classes[ObjectIdentifier(Object.self)] = LuaClassBinding(name: name, metatable: metatable, memoryCost: cost)
        } catch {
            throw popScriptError(.runtime)
        }
        bindings.classes.append(
            LuaBindings.Class(
                name: name, doc: luaClass.doc, methods: luaClass.methods.map { LuaBindings.Function($0, owner: name, isMethod: true) },
                fields: luaClass.fields.map { LuaBindings.Field(name: $0.name, type: $0.type, doc: $0.doc) },
                isImplementedInLua: false, isOpen: false, call: luaClass.call.map { LuaBindings.Function($0, owner: name) }))
    }

    /// Describes a class Lua code implements, for help, type files and `glasses check`.
    public func declare(_ declaration: LuaClassDeclaration) {
        bindings.classes.append(
            LuaBindings.Class(
                name: declaration.name, doc: declaration.doc, methods: declaration.methods, fields: declaration.fields,
                isImplementedInLua: true, isOpen: declaration.isOpen))
    }

    /// Describes a table shape scripts write, for the reference, type files, help and `glasses check`.
    public func declare(_ record: LuaRecordType) {
        bindings.records.append(record)
    }

    /// Cuts the Lua side off `object`: every later use of its userdata raises
    /// `message` (e.g. "frame is no longer valid (copy it with frame:copy() inside the callback)").
    public func invalidate(_ object: AnyObject, message: String) {
        objectBoxes.removeValue(forKey: ObjectIdentifier(object))?.invalidate(message: message)
    }

    // MARK: - Internals

    /// Reads a declared field. Any other key is a typo (instances are sealed: nothing
    /// can add to them), so it raises with the closest name, as `glasses check` says,
    /// instead of handing back a nil that fails later as "attempt to call a nil value".
    private func fieldGetter<Object: AnyObject>(_ luaClass: LuaClass<Object>) -> UnsafeMutableRawPointer? {
        let fields = luaClass.fields
        let methods = luaClass.methods
        let name = luaClass.name
        // Indexed on the first read, not here: this function is generic, so it runs unspecialised,
        // and building every class's index at registration was a fifth of `glasses run`'s start-up
        // (scripts/bench section 3), for classes most runs never read a field of.
        let index = LuaFieldIndex()
        return retain { call in
            guard let key = LuaStack.string(at: 2, on: call.L) else {
                throw LuaError("a \(name) has no \(call.typeName(2)) keys (index it with a field or method name)")
            }
            guard let position = index.position(of: key, names: { fields.map { $0.name } }) else {
                let names = fields.map { $0.name } + methods.map { $0.name }
                throw LuaError("a \(name) has no field or method '\(key)'\(NameSuggestion.hint(for: key, in: names))")
            }
            return .value(try fields[position].get(try call.userdata(1, as: Object.self)))
        }
    }

    /// Sets a metamethod on the metatable on top of the stack.
    private func setMetamethod(_ name: String, on L: OpaquePointer, _ body: @escaping LuaFunctionBody) throws(LuaPushFailure) {
        try pushFunction(body, named: name, on: L)
        try LuaStack.check(name.withCString { gs_rawsetfield(L, -2, $0) })
    }

    /// Keeps `body` alive for the state's life and returns the pointer the trampoline uses.
    func retain(_ body: @escaping LuaFunctionBody, checking arguments: LuaArgumentCheck? = nil) -> UnsafeMutableRawPointer {
        let box = LuaFunctionBox(body, checking: arguments)
        functionBoxes.append(box)
        return Unmanaged.passUnretained(box).toOpaque()
    }

    func pushFunction(
        _ body: @escaping LuaFunctionBody, checking arguments: LuaArgumentCheck? = nil, named name: String, on L: OpaquePointer
    ) throws(LuaPushFailure) {
        let box = LuaFunctionBox(body, checking: arguments)
        functionBoxes.append(box)
        guard let function = box.trampolineFunction() else {
            try LuaStack.push("not enough memory", on: L)
            throw LuaPushFailure()
        }
        try LuaStack.check(name.withCString { gs_pushfunction(L, function, $0) })
    }

    func className<T>(of type: T.Type) -> String {
        classes[ObjectIdentifier(type)]?.name ?? String(describing: type)
    }

    func pushObject(_ object: AnyObject, on L: OpaquePointer) throws(LuaPushFailure) {
        guard let binding = classes[ObjectIdentifier(type(of: object))] else {
            try LuaStack.push("cannot pass a \(type(of: object)) to Lua: its class is not registered", on: L)
            throw LuaPushFailure()
        }
        let key = ObjectIdentifier(object)
        if let box = objectBoxes[key] {
            lua_rawgeti(L, gs_registryindex(), lua_Integer(identityCache))
            if lua_rawgetp(L, -1, Unmanaged.passUnretained(box).toOpaque()) == LUA_TUSERDATA {
                lua_rotate(L, -2, 1)
                gs_pop(L, 1)
                return
            }
            gs_pop(L, 2)
        }
        let cost = binding.memoryCost?(object) ?? 0
        if cost > 0, !charge(cost) {
            try LuaStack.push(stopForMemoryLimit(holding: "a \(binding.name)"), on: L)
            throw LuaPushFailure()
        }
        let box = LuaObjectBox(object: object, owner: self, charged: cost)
        let pointer = Unmanaged.passRetained(box).toOpaque()
        guard gs_newobject(L, pointer, binding.metatable) == LUA_OK else {
            Unmanaged<LuaObjectBox>.fromOpaque(pointer).release()
            if cost > 0 { credit(cost) }
            throw LuaPushFailure()
        }
        objectBoxes[key] = box
        lua_rawgeti(L, gs_registryindex(), lua_Integer(identityCache))
        lua_pushvalue(L, -2)
        if gs_rawsetp(L, -2, pointer) != LUA_OK { gs_pop(L, 1) }
        gs_pop(L, 1)
    }

    /// Called from `__gc`: the userdata is gone, so is the Lua side's hold on the object.
    func forget(_ box: LuaObjectBox) {
        if objectBoxes[box.key] === box { objectBoxes[box.key] = nil }
    }
}

/// A class's field names to their positions, made on the first lookup. The first
/// field of a name wins, as in the declaration.
final class LuaFieldIndex {
    private var positions: [String: Int]?

    func position(of key: String, names: () -> [String]) -> Int? {
        if let positions { return positions[key] }
        var made: [String: Int] = [:]
        for (position, name) in names().enumerated() where made[name] == nil { made[name] = position }
        positions = made
        return made[key]
    }
}
