import LuaHost

/// A Lua-visible module. Built-ins and integrators' plugins alike register
/// their functions and classes into the run's state here; the state's binding
/// registry then describes them for docs, REPL help and editor types.
public protocol GlassesPlugin: Sendable {
    /// Registers the plugin's modules, globals and classes.
    func install(in runtime: ScriptRuntime) throws(LuaScriptError)
}
