import CLua
import CLuaShim

/// Moves values between Swift and a Lua stack. Everything that could raise goes
/// through a protected helper, which leaves its error value on the stack and
/// makes these functions throw ``LuaPushFailure``.
enum LuaStack {
    static func check(_ status: Int32) throws(LuaPushFailure) {
        if status != LUA_OK { throw LuaPushFailure() }
    }

    static func ensure(_ L: OpaquePointer, _ slots: Int) throws(LuaPushFailure) {
        if lua_checkstack(L, Int32(clamping: slots)) == 0 {
            try check(gs_pushlstring(L, "stack overflow", 14))
            throw LuaPushFailure()
        }
    }

    static func push(_ string: String, on L: OpaquePointer) throws(LuaPushFailure) {
        var string = string
        let status = string.withUTF8 { gs_pushlstring(L, $0.baseAddress, $0.count) }
        try check(status)
    }

    static func push(_ value: LuaValue, on L: OpaquePointer, state: LuaState) throws(LuaPushFailure) {
        try ensure(L, 4)
        switch value {
        case .nil: lua_pushnil(L)
        case .boolean(let b): lua_pushboolean(L, b ? 1 : 0)
        case .integer(let i): lua_pushinteger(L, lua_Integer(i))
        case .number(let n): lua_pushnumber(L, n)
        case .string(let s): try push(s, on: L)
        case .bytes(let bytes): try check(bytes.withUnsafeBufferPointer { buffer in
                buffer.withMemoryRebound(to: CChar.self) { gs_pushlstring(L, $0.baseAddress, $0.count) }
            })
        case .array(let items):
            try check(gs_newtable(L, Int32(clamping: items.count), 0))
            for (i, item) in items.enumerated() {
                try push(item, on: L, state: state)
                try check(gs_rawseti(L, -2, lua_Integer(i + 1)))
            }
        case .table(let fields):
            try check(gs_newtable(L, 0, Int32(clamping: fields.count)))
            for (key, item) in fields {
                try push(item, on: L, state: state)
                try check(key.withCString { gs_rawsetfield(L, -2, $0) })
            }
        case .object(let object): try state.pushObject(object, on: L)
        case .ref(let ref):
            guard ref.state === state else {
                try push("a value from another Lua state cannot be used here", on: L)
                throw LuaPushFailure()
            }
            lua_rawgeti(L, gs_registryindex(), lua_Integer(ref.reference))
        }
    }

    static func string(at index: Int32, on L: OpaquePointer) -> String? {
        guard lua_type(L, index) == LUA_TSTRING else { return nil }
        var length = 0
        guard let chars = gs_tostringview(L, index, &length) else { return nil }
        return String(decoding: UnsafeRawBufferPointer(start: chars, count: length), as: UTF8.self)
    }

    /// A Lua string as it is: `.string` when it is UTF-8, `.bytes` otherwise, so
    /// binary data (JPEG bytes, random bytes) crosses the host byte for byte.
    static func stringValue(at index: Int32, on L: OpaquePointer) -> LuaValue {
        var length = 0
        guard let chars = gs_tostringview(L, index, &length) else { return .string("") }
        let buffer = UnsafeRawBufferPointer(start: chars, count: length)
        if let text = String(validating: buffer.bindMemory(to: UInt8.self), as: UTF8.self) { return .string(text) }
        return .bytes([UInt8](buffer))
    }

    /// Reads a value; tables, functions, threads and foreign userdata become refs.
    static func value(at index: Int32, on L: OpaquePointer, state: LuaState) throws(LuaPushFailure) -> LuaValue {
        switch lua_type(L, index) {
        case LUA_TNIL, LUA_TNONE: return .nil
        case LUA_TBOOLEAN: return .boolean(lua_toboolean(L, index) != 0)
        case LUA_TNUMBER:
            if lua_isinteger(L, index) != 0 { return .integer(Int64(gs_tointeger(L, index, nil))) }
            return .number(gs_tonumber(L, index, nil))
        case LUA_TSTRING: return stringValue(at: index, on: L)
        case LUA_TUSERDATA:
            if let box = gs_tobox(L, index), let object = LuaObjectBox.from(box).object {
                return .object(object)
            }
            return .ref(try state.ref(at: index, on: L))
        default:
            return .ref(try state.ref(at: index, on: L))
        }
    }

    /// Reads the error value on top (pushed by a failed helper) as a message, and pops it.
    static func popErrorMessage(on L: OpaquePointer) -> String {
        defer { gs_pop(L, 1) }
        if let s = string(at: -1, on: L) { return s }
        if gs_tostring(L, -1) == LUA_OK, let s = string(at: -1, on: L) {
            gs_pop(L, 1)
            return s
        }
        gs_pop(L, 1)
        return "(error object is a \(String(cString: lua_typename(L, lua_type(L, -1)))) value)"
    }
}
