import CLuaShim

/// The process's C streams, which Lua's `print`, `io.write` and `io.stderr` use:
/// host messages go through them so the order on screen is the order of events.
public enum LuaConsole {
    public static func writeError(_ text: String) { gs_write_stderr(text) }
    public static func flushOutput() { gs_flush_stdout() }
}
