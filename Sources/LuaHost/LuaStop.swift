/// Why a state stopped running scripts: none of these can be caught by `pcall`.
public enum LuaStop: Equatable, Sendable {
    /// `os.exit(code)` or the host's ``LuaState/exit(code:)``.
    case exit(code: Int32)
    /// The instruction budget or the wall-time budget ran out.
    case limit(message: String)
    /// ``LuaInterruptHandle/interrupt(message:)`` was called.
    case interrupted(message: String)
    /// ``LuaInterruptHandle/terminate(message:)`` was called (SIGTERM).
    case terminated(message: String)
}
