import CLua
import CLuaShim

extension LuaState {
    /// A table's entries, read raw (no `__pairs`, no `__index`), so reading cannot
    /// raise: options tables use it to refuse an unknown or misspelled key by name
    /// instead of ignoring it, and to read arrays. Tables inside come back as refs.
    /// Nil when `table` refers to something else (a function, a thread).
    public func rawEntries(_ table: LuaRef) throws(LuaScriptError) -> [(key: LuaValue, value: LuaValue)]? {
        let base = lua_gettop(L)
        defer { lua_settop(L, base) }
        var entries: [(key: LuaValue, value: LuaValue)] = []
        do {
            try LuaStack.ensure(L, 4)
            try LuaStack.push(.ref(table), on: L, state: self)
            let index = lua_gettop(L)
            guard lua_type(L, index) == LUA_TTABLE else { return nil }
            lua_pushnil(L)
            while lua_next(L, index) != 0 {
                entries.append((try LuaStack.value(at: -2, on: L, state: self), try LuaStack.value(at: -1, on: L, state: self)))
                gs_pop(L, 1)
            }
        } catch {
            throw popScriptError(.memory)
        }
        return entries
    }
}
