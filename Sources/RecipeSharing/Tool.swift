#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import GlassesScript
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The system tools recipe sharing runs (git, curl, unzip, zip), as LuaRocks and
/// lazy.nvim do: users already have and trust them, and the binary gains no TLS.
enum Tool {
    /// git's network settings for every command *(ours)*: a transfer slower than 1000 bytes
    /// a second for 30 s is given up, so a server that accepts and never answers cannot hold
    /// `recipe add/install/sync` for ever (curl gets the same through `--speed-limit`).
    static let gitLowSpeed = ["-c", "http.lowSpeedLimit=1000", "-c", "http.lowSpeedTime=30"]

    /// Runs `tool` in `directory` with git's prompts off (and git with `gitLowSpeed`); throws
    /// when it cannot start. git and curl are registered with ``FetchWork`` while they run, so
    /// Ctrl-C or SIGTERM kills them; their output is kept up to 1 MiB a stream.
    static func run(_ tool: String, _ arguments: [String], in directory: String = "/") throws(RecipeError) -> ChildProcess.Captured {
        let environment = ["GIT_TERMINAL_PROMPT": "0", "GIT_ASKPASS": "/bin/false"]
        let result: ChildProcess.Captured?
        if tool == "git" || tool == "curl" {
            FetchWork.watchSignals()
            var child: pid_t = 0
            result = ChildProcess.capture(tool, (tool == "git" ? gitLowSpeed : []) + arguments, in: directory, keeping: 1 << 20,
                                          environment: environment, started: { child = $0; FetchWork.started($0) })
            if child != 0 { FetchWork.ended(child) }
        } else {
            result = ChildProcess.capture(tool, arguments, in: directory, environment: environment)
        }
        guard let result else {
            throw RecipeError("cannot start \(tool)")
        }
        if result.status == ChildProcess.notFound { throw RecipeError("cannot run \(tool): it is not installed (apt-get install \(tool))") }
        return result
    }
}

extension ChildProcess.Captured {
    /// The tool's last line of complaint, for a message that says why.
    var reason: String {
        errors.split(separator: "\n").last.map { String($0).replacing("fatal: ", with: "") } ?? "exit status \(status)"
    }
}
