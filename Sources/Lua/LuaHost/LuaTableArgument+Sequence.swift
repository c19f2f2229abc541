import CLua
import CLuaShim

extension LuaTableArgument {
    /// The field `key` as a sequence of strings (`{"a", "b"}`), read raw from 1 until the
    /// first nil; nil when the field is absent. Errors name the field and the item.
    public func optionalStrings(_ key: String) throws -> [String]? {
        try with(key) { index in
            let L = call.L
            guard lua_type(L, index) > LUA_TNIL else { return nil }
            guard lua_type(L, index) == LUA_TTABLE else {
                throw LuaArgumentError(argument: argument, message: "field '\(key)': a list of strings expected, got \(call.typeName(Int(index)))")
            }
            var items: [String] = []
            var position: lua_Integer = 1
            while true {
                try LuaStack.ensure(L, 1)
                defer { gs_pop(L, 1) }
                guard lua_rawgeti(L, index, position) != LUA_TNIL else { return items }
                guard lua_type(L, -1) == LUA_TSTRING, let item = try? call.string(Int(lua_gettop(L))) else {
                    throw LuaArgumentError(argument: argument, message: "field '\(key)': item \(position): string expected")
                }
                items.append(item)
                position += 1
            }
        }
    }
}
