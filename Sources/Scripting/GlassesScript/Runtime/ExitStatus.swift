import LuaHost

/// Every way a `glasses` run or command ends, and its process exit code: the one
/// place the program decides exit codes, so a script's own code is never taken for
/// one of the host's. The trace's last record carries the same code.
public enum ExitStatus: Error, Equatable, Sendable {
    /// The run (or command) did what it was asked.
    case success
    /// The script called `exit(n)` or `os.exit(n)` (n is 0...255).
    case exit(Int32)
    /// An uncaught script error; `glasses check` found problems.
    case scriptError
    /// A bad command line, or a script or recipe that does not load.
    case usage
    /// `--max-memory`, `--timeout` or the main chunk's horizon.
    case limit
    /// Ctrl-C (SIGINT), as shells report it: 128 + SIGINT.
    case interrupted
    /// SIGTERM (a supervisor, `kill`, `timeout`), as shells report it: 128 + SIGTERM.
    case terminated

    /// How the embedding's ending reads as a command's.
    public init(_ end: LuaRunEnd) {
        self = switch end {
        case .success: .success
        case .exit(let code): .exit(code)
        case .scriptError: .scriptError
        case .loadFailure: .usage
        case .limit: .limit
        case .interrupted: .interrupted
        case .terminated: .terminated
        }
    }

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

extension LuaRunOutcome {
    /// The process exit code for this outcome.
    public var exitCode: Int32 { ExitStatus(status).code }
}
