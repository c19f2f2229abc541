import LuaHost

/// The classes every module hands out: error values and listener handles.
struct SharedTypesPlugin: GlassesPlugin {
    func install(in runtime: ScriptRuntime) throws(LuaScriptError) {
        try runtime.state.register(ScriptError.luaClass)
        try runtime.state.register(Handle.luaClass)
    }
}
