import CLua
import CLuaShim

/// The context of one call into a Swift function: typed argument access that
/// raises Lua-style errors, and the task the call runs in.
public struct LuaCall {
    @usableFromInline let L: OpaquePointer

    /// The state the call runs in.
    public var state: LuaState { Unmanaged<LuaState>.fromOpaque(gs_host(L)).takeUnretainedValue() }

    /// Number of arguments passed.
    @inlinable public var count: Int { Int(lua_gettop(L)) }

    /// The host task this call may suspend, directly or from inside the script's
    /// own coroutines: nil on the main thread, in coroutines outside any task,
    /// and where some level cannot yield (a metamethod called from C, a
    /// `table.sort` comparator, ...).
    public var currentTask: LuaTask? {
        guard let thread = gs_waiting_task(L) else { return nil }
        return state.tasks[thread]
    }

    /// The call runs inside a task that it cannot suspend: a C function between
    /// them (a `table.sort` comparator, a `string.gsub` callback) cannot be yielded across.
    public var isBehindCBoundary: Bool { gs_task_unyieldable(L) != 0 }

    /// `file:line` of the Lua code making this call, if it is Lua code.
    public var callerLine: String? {
        var buffer = [CChar](repeating: 0, count: 256)
        guard gs_caller_line(L, &buffer, buffer.count) != 0 else { return nil }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    // The reads of plain values are inlinable: a body's read is then a call into Lua's
    // API and nothing more (the binding call's cost, scripts/bench section 1).
    @inlinable public func isNone(_ n: Int) -> Bool { lua_type(L, Int32(clamping: n)) == LUA_TNONE }
    @inlinable public func isNil(_ n: Int) -> Bool { lua_type(L, Int32(clamping: n)) <= LUA_TNIL }

    /// The Lua type name of argument `n` (`"no value"` when absent).
    public func typeName(_ n: Int) -> String { String(cString: lua_typename(L, lua_type(L, Int32(clamping: n)))) }

    @inlinable public func number(_ n: Int) throws -> Double {
        let read = gs_readnumber(L, Int32(clamping: n))
        guard read.isnum != 0 else { throw LuaCall.expected("number", at: n) }
        return read.value
    }

    /// The error for argument `n` not being a `type`; out of line, off the inlined reads.
    @usableFromInline @inline(never) static func expected(_ type: String, at n: Int) -> LuaArgumentError {
        LuaArgumentError(argument: n, expected: type)
    }

    @inlinable public func integer(_ n: Int) throws -> Int64 {
        let read = gs_readinteger(L, Int32(clamping: n))
        guard read.isnum != 0 else { throw notInteger(n) }
        return Int64(read.value)
    }

    /// Why argument `n` is no integer.
    @usableFromInline @inline(never) func notInteger(_ n: Int) -> LuaArgumentError {
        if lua_isnumber(L, Int32(clamping: n)) != 0 {
            return LuaArgumentError(argument: n, message: "number has no integer representation")
        }
        return LuaArgumentError(argument: n, expected: "number")
    }

    /// A string; numbers are converted, as `luaL_checkstring` does.
    public func string(_ n: Int) throws -> String {
        let index = Int32(clamping: n)
        if let s = LuaStack.string(at: index, on: L) { return s }
        guard lua_type(L, index) == LUA_TNUMBER else { throw LuaArgumentError(argument: n, expected: "string") }
        try LuaStack.check(gs_tostring(L, index))
        defer { gs_pop(L, 1) }
        return LuaStack.string(at: -1, on: L) ?? ""
    }

    @inlinable public func boolean(_ n: Int) throws -> Bool {
        guard lua_type(L, Int32(clamping: n)) == LUA_TBOOLEAN else { throw LuaCall.expected("boolean", at: n) }
        return lua_toboolean(L, Int32(clamping: n)) != 0
    }

    @inlinable public func optionalNumber(_ n: Int) throws -> Double? { isNil(n) ? nil : try number(n) }
    @inlinable public func optionalInteger(_ n: Int) throws -> Int64? { isNil(n) ? nil : try integer(n) }
    public func optionalString(_ n: Int) throws -> String? { isNil(n) ? nil : try string(n) }
    @inlinable public func optionalBoolean(_ n: Int) throws -> Bool? { isNil(n) ? nil : try boolean(n) }

    /// A string that must be one of `values`; the error lists them.
    public func enumeration(_ n: Int, of values: [String]) throws -> String {
        let value = try string(n)
        guard values.contains(value) else {
            throw LuaArgumentError(argument: n, message: "invalid value '\(value)' (expected one of: \(values.joined(separator: ", ")))")
        }
        return value
    }

    public func optionalEnumeration(_ n: Int, of values: [String]) throws -> String? {
        isNil(n) ? nil : try enumeration(n, of: values)
    }

    /// A function argument, held for later calls.
    public func function(_ n: Int) throws -> LuaRef {
        guard lua_type(L, Int32(clamping: n)) == LUA_TFUNCTION else { throw LuaArgumentError(argument: n, expected: "function") }
        return try state.ref(at: Int32(clamping: n), on: L)
    }

    /// A table argument; read its fields with ``LuaTableArgument``.
    public func table(_ n: Int) throws -> LuaTableArgument {
        guard lua_type(L, Int32(clamping: n)) == LUA_TTABLE else { throw LuaArgumentError(argument: n, expected: "table") }
        return LuaTableArgument(call: self, argument: n)
    }

    public func optionalTable(_ n: Int) throws -> LuaTableArgument? { isNil(n) ? nil : try table(n) }

    /// Any value.
    public func value(_ n: Int) throws -> LuaValue {
        try LuaStack.value(at: Int32(clamping: n), on: L, state: state)
    }

    /// A Swift object of a registered class. Raises the host's message if the
    /// object was invalidated, and a type error for anything else.
    public func userdata<T: AnyObject>(_ n: Int, as type: T.Type) throws -> T {
        let index = Int32(clamping: n)
        guard let pointer = gs_tobox(L, index) else {
            throw LuaArgumentError(argument: n, expected: state.className(of: type))
        }
        let box = LuaObjectBox.from(pointer)
        guard let object = box.object else { throw LuaError(box.invalidation ?? "object is no longer valid") }
        guard let typed = object as? T else { throw LuaArgumentError(argument: n, expected: state.className(of: type)) }
        return typed
    }
}

/// A table passed as an argument: typed field reads whose errors name the field.
public struct LuaTableArgument {
    let call: LuaCall
    public let argument: Int

    /// Pushes `t[key]` (metamethods apply), runs `read` on it, pops it.
    func with<R>(_ key: String, _ read: (Int32) throws -> R) throws -> R {
        let L = call.L
        try LuaStack.check(key.withCString { gs_getfield(L, Int32(clamping: argument), $0) })
        defer { gs_pop(L, 1) }
        do {
            return try read(lua_gettop(L))
        } catch let error as LuaArgumentError {
            let got = error.expectedType != nil ? ", got \(call.typeName(Int(lua_gettop(L))))" : ""
            throw LuaArgumentError(argument: argument, message: "field '\(key)': \(error.message)\(got)")
        }
    }

    /// Runs `read` on `t[key]`, given as an argument index of ``call``; its errors name the field.
    func field<R>(_ key: String, _ read: (Int) throws -> R) throws -> R { try with(key) { try read(Int($0)) } }

    public func value(_ key: String) throws -> LuaValue { try with(key) { try call.value(Int($0)) } }
    public func number(_ key: String) throws -> Double { try with(key) { try call.number(Int($0)) } }
    public func integer(_ key: String) throws -> Int64 { try with(key) { try call.integer(Int($0)) } }
    public func string(_ key: String) throws -> String { try with(key) { try call.string(Int($0)) } }
    public func boolean(_ key: String) throws -> Bool { try with(key) { try call.boolean(Int($0)) } }
    public func function(_ key: String) throws -> LuaRef { try with(key) { try call.function(Int($0)) } }
    public func optionalNumber(_ key: String) throws -> Double? { try with(key) { try call.optionalNumber(Int($0)) } }
    public func optionalInteger(_ key: String) throws -> Int64? { try with(key) { try call.optionalInteger(Int($0)) } }
    public func optionalString(_ key: String) throws -> String? { try with(key) { try call.optionalString(Int($0)) } }
    public func optionalBoolean(_ key: String) throws -> Bool? { try with(key) { try call.optionalBoolean(Int($0)) } }
    public func optionalFunction(_ key: String) throws -> LuaRef? {
        try with(key) { call.isNil(Int($0)) ? nil : try call.function(Int($0)) }
    }
    public func enumeration(_ key: String, of values: [String]) throws -> String {
        try with(key) { try call.enumeration(Int($0), of: values) }
    }
    public func optionalEnumeration(_ key: String, of values: [String]) throws -> String? {
        try with(key) { try call.optionalEnumeration(Int($0), of: values) }
    }
}
