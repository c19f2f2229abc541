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
import RecipeLockFile

/// The system tools recipe sharing runs (git, curl, unzip, zip), as LuaRocks and
/// lazy.nvim do: users already have and trust them, and the binary gains no TLS.
enum Tool {
    /// git's network settings for every command *(ours)*: a transfer slower than 1000 bytes
    /// a second for 30 s is given up, so a server that accepts and never answers cannot hold
    /// `recipe add/install/sync` for ever (curl gets the same through `--speed-limit`).
    static let gitLowSpeed = ["-c", "http.lowSpeedLimit=1000", "-c", "http.lowSpeedTime=30"]
    /// No prompt may wait for a user who is not there (git asks for credentials otherwise).
    static let environment = ["GIT_TERMINAL_PROMPT": "0", "GIT_ASKPASS": "/bin/false"]

    /// Ctrl-C or SIGTERM during a fetch kills its git or curl, removes its scratch folder and says so.
    static func watchSignals() { KillOnSignal.watchSignals(naming: "fetching process(es)") }

    /// Runs `tool` in `directory` with git's prompts off (and git with `gitLowSpeed`); throws
    /// when it cannot start. git and curl are registered with ``KillOnSignal`` while they run, so
    /// Ctrl-C or SIGTERM kills them, and their output is kept up to 1 MiB a stream. unzip's
    /// listings are kept whole: the archive's checks must see every entry.
    static func run(_ tool: String, _ arguments: [String], in directory: String = "/", started: (pid_t) -> Void = { _ in }) throws(RecipeError) -> ChildProcess.Captured {
        let fetches = tool == "git" || tool == "curl"
        if fetches { watchSignals() }
        var child: pid_t = 0
        let result = ChildProcess.capture(tool, (tool == "git" ? gitLowSpeed : []) + arguments, in: directory, keeping: fetches ? 1 << 20 : .max,
                                          environment: environment, started: { pid in
            child = pid
            if fetches { KillOnSignal.started(pid) }
            started(pid)
        })
        if fetches, child != 0 { KillOnSignal.ended(child) }
        guard let result else {
            throw RecipeError("cannot start \(tool)")
        }
        if result.status == ChildProcess.notFound { throw RecipeError("cannot run \(tool): it is not installed (apt-get install \(tool))") }
        return result
    }
}

extension Tool {
    /// How a streamed tool ended.
    struct Streamed {
        let status: Int32
        let errors: String
        /// `take` refused a chunk: the tool's process group was killed there.
        let stopped: Bool

        var reason: String {
            errors.split(separator: "\n").last.map { String($0).replacing("fatal: ", with: "") } ?? "exit status \(status)"
        }
    }

    /// Runs `tool` with stdin from the file `input` (or /dev/null), handing what it prints
    /// to `take` chunk by chunk (64 KiB at most) as it prints it, and nothing kept: the
    /// caller writes and counts. When `take` returns false the tool's process group is
    /// killed at once, so a caller bounding what it writes stops within one chunk of its
    /// limit. stderr is kept up to 64 KiB. Registered with ``KillOnSignal`` like ``run``.
    static func stream(_ tool: String, _ arguments: [String], input: String? = nil, in directory: String = "/",
                       take: (UnsafeRawBufferPointer) -> Bool) throws(RecipeError) -> Streamed {
        watchSignals()
        var errors: [UInt8] = []
        var child: pid_t = 0
        defer { if child != 0 { KillOnSignal.ended(child) } }
        let piped: ChildProcess.Piped
        do {
            piped = try ChildProcess.stream(tool, (tool == "git" ? gitLowSpeed : []) + arguments, in: directory, environment: environment,
                                            input: input, started: { child = $0; KillOnSignal.started($0) }) { stream, bytes in
                guard stream == .output else {
                    errors += bytes.prefix(max(0, 65_536 - errors.count))
                    return true
                }
                return take(bytes)
            }
        } catch .noPipe {
            throw RecipeError("cannot start \(tool): no pipe")
        } catch {
            throw RecipeError("cannot start \(tool)")
        }
        if piped.status == ChildProcess.notFound, !piped.stopped { throw RecipeError("cannot run \(tool): it is not installed (apt-get install \(tool))") }
        return Streamed(status: piped.status, errors: String(decoding: errors, as: UTF8.self), stopped: piped.stopped)
    }
}

extension ChildProcess.Captured {
    /// The tool's last line of complaint, for a message that says why.
    var reason: String {
        errors.split(separator: "\n").last.map { String($0).replacing("fatal: ", with: "") } ?? "exit status \(status)"
    }
}
