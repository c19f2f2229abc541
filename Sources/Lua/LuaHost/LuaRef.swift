import CLua
import CLuaShim

/// A Lua value held by Swift (a callback, a table), anchored in the registry
/// until this object is dropped. Use it only on the thread that owns the state;
/// refs that outlive their state, or its closing, are inert.
public final class LuaRef {
    let reference: Int32
    weak var state: LuaState?

    init(reference: Int32, state: LuaState) {
        self.reference = reference
        self.state = state
    }

    deinit {
        state?.unref(reference)
    }

    /// The Lua type name (`"function"`, `"table"`, ...), or `"no value"` once the state is gone or closed.
    public var typeName: String {
        guard let state, !state.isClosed else { return "no value" }
        let L = state.L
        lua_rawgeti(L, gs_registryindex(), lua_Integer(reference))
        defer { gs_pop(L, 1) }
        return String(cString: lua_typename(L, lua_type(L, -1)))
    }
}
