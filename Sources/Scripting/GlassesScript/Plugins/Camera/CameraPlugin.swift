import LuaHost

/// Frames and photos, the values cameras hand out. (The `Camera` class itself is
/// registered with the `wearables` module, which makes cameras.)
struct CameraPlugin: GlassesPlugin {
    func install(in runtime: ScriptRuntime) throws(LuaScriptError) {
        try runtime.state.register(ScriptFrame.luaClass(runtime))
        try runtime.state.register(ScriptFrameRegion.luaClass())
        try runtime.state.register(ScriptPhoto.luaClass(runtime))
    }
}
