import CLua
import CLuaShim

extension LuaState {
    /// A table's entries, read raw (no `__pairs`, no `__index`), so reading cannot
    /// raise: options tables use it to refuse an unknown or misspelled key by name
    /// instead of ignoring it, and to read arrays. Tables inside come back as refs.
    /// Nil when `table` refers to something else (a function, a thread).
    public func rawEntries(_ table: LuaRef) throws(LuaScriptError) -> [(key: LuaValue, value: LuaValue)]? {
        try rawEntries(table, limit: .max)?.entries
    }
}
