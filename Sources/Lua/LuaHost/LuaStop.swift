import CLuaShim

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

extension LuaStop {
    /// The stop the control block holds (`gs_stop_reason`, its code, its message), or nil for none.
    init?(reason: Int32, code: Int32, message: String) {
        switch reason {
        case Int32(GS_STOP_EXIT): self = .exit(code: code)
        case Int32(GS_STOP_LIMIT): self = .limit(message: message)
        // The two signals share the interrupt path; the tag they were asked with tells them apart.
        case Int32(GS_STOP_INTERRUPT) where code == LuaInterruptHandle.terminateTag: self = .terminated(message: message)
        case Int32(GS_STOP_INTERRUPT): self = .interrupted(message: message)
        default: return nil
        }
    }
}
