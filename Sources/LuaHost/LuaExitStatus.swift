/// Every way a run or a command ends, and its process exit code: the one place
/// `glasses` decides exit codes, so a script's own code is never taken for one
/// of the host's.
public enum LuaExitStatus: Error, Equatable, Sendable {
    /// The run (or command) did what it was asked.
    case success
    /// The script called `exit(n)` or `os.exit(n)` (n is 0...255).
    case exit(Int32)
    /// An uncaught script error; `glasses check` found problems.
    case scriptError
    /// A bad command line, or a script or recipe that does not load.
    case usage
    /// Memory, instructions or `--timeout`.
    case limit
    /// Ctrl-C (SIGINT), as shells report it: 128 + SIGINT.
    case interrupted
    /// SIGTERM (a supervisor, `kill`, `timeout`), as shells report it: 128 + SIGTERM.
    case terminated

    public var code: Int32 {
        switch self {
        case .success: 0
        case .exit(let code): code
        case .scriptError: 1
        case .usage: 2
        case .limit: 3
        case .interrupted: 130
        case .terminated: 143
        }
    }
}
