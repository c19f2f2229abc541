import CLua
import CLuaShim

extension LuaState {
    /// ``rawEntries(_:)`` that stops reading after `limit` entries, so a hostile table (a
    /// million keys) costs no more than `limit` copies: `truncated` says there were more.
    public func rawEntries(_ table: LuaRef, limit: Int) throws(LuaScriptError)
        -> (entries: [(key: LuaValue, value: LuaValue)], truncated: Bool)?
    {
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
                guard entries.count < limit else { return (entries, true) }
                entries.append((try LuaStack.value(at: -2, on: L, state: self), try LuaStack.value(at: -1, on: L, state: self)))
                gs_pop(L, 1)
            }
        } catch {
            throw popScriptError(.memory)
        }
        return (entries, false)
    }
}
