/// Why a run ended, as the embedding sees it. What each ending means to a process
/// (an exit code, a word in a trace) is the embedder's to decide, not this layer's.
public enum LuaRunEnd: Equatable, Sendable {
    /// The main chunk returned.
    case success
    /// The script called `exit(n)` or `os.exit(n)` (n is 0...255).
    case exit(Int32)
    /// An uncaught script error.
    case scriptError
    /// The script could not be loaded (no such file, a syntax error).
    case loadFailure
    /// Memory, instructions or the wall-clock limit.
    case limit
    /// ``LuaInterruptHandle/interrupt(message:)`` stopped it (Ctrl-C).
    case interrupted
    /// ``LuaInterruptHandle/terminate(message:)`` stopped it (SIGTERM).
    case terminated
}
