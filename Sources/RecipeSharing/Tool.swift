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

    /// Ctrl-C or SIGTERM during a fetch kills its git or curl, removes its scratch folder and says so.
    static func watchSignals() { KillOnSignal.watchSignals(naming: "fetching process(es)") }

    /// Runs `tool` in `directory` with git's prompts off (and git with `gitLowSpeed`); throws
    /// when it cannot start. git and curl are registered with ``KillOnSignal`` while they run, so
    /// Ctrl-C or SIGTERM kills them; their output is kept up to 1 MiB a stream.
    static func run(_ tool: String, _ arguments: [String], in directory: String = "/", started: (pid_t) -> Void = { _ in }) throws(RecipeError) -> ChildProcess.Captured {
        let environment = ["GIT_TERMINAL_PROMPT": "0", "GIT_ASKPASS": "/bin/false"]
        let result: ChildProcess.Captured?
        if tool == "git" || tool == "curl" {
            watchSignals()
            var child: pid_t = 0
            result = ChildProcess.capture(tool, (tool == "git" ? gitLowSpeed : []) + arguments, in: directory, keeping: 1 << 20,
                                          environment: environment, started: { child = $0; KillOnSignal.started($0); started($0) })
            if child != 0 { KillOnSignal.ended(child) }
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
        var outPipe: [Int32] = [-1, -1], errPipe: [Int32] = [-1, -1]
        guard pipe(&outPipe) == 0 else { throw RecipeError("cannot start \(tool): no pipe") }
        guard pipe(&errPipe) == 0 else {
            close(outPipe[0]); close(outPipe[1])
            throw RecipeError("cannot start \(tool): no pipe")
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, input ?? "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, outPipe[1], STDOUT_FILENO)
        posix_spawn_file_actions_adddup2(&actions, errPipe[1], STDERR_FILENO)
        for end in outPipe + errPipe { posix_spawn_file_actions_addclose(&actions, end) }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setpgroup(&attributes, 0)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        sigaddset(&defaults, SIGINT)
        sigaddset(&defaults, SIGTERM)
        sigaddset(&defaults, SIGPIPE)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF))
        let script = "cd -- \"$0\" && export GIT_TERMINAL_PROMPT=0 GIT_ASKPASS=/bin/false && exec \"$@\""
        let prefix = tool == "git" ? gitLowSpeed : []
        var cArguments = (["/bin/sh", "-c", script, directory, tool] + prefix + arguments).map { strdup($0) } + [nil]
        defer { cArguments.forEach { free($0) } }
        watchSignals()
        var pid = pid_t()
        let spawned = posix_spawn(&pid, "/bin/sh", &actions, &attributes, &cArguments, environ) == 0
        close(outPipe[1])
        close(errPipe[1])
        defer { close(outPipe[0]); close(errPipe[0]) }
        guard spawned else { throw RecipeError("cannot start \(tool)") }
        KillOnSignal.started(pid)
        defer { KillOnSignal.ended(pid) }
        var errors: [UInt8] = []
        var open = [true, true]
        var stopped = false
        var chunk = [UInt8](repeating: 0, count: 65_536)
        reading: while open[0] || open[1] {
            var pollers = [pollfd(fd: open[0] ? outPipe[0] : -1, events: Int16(POLLIN), revents: 0),
                           pollfd(fd: open[1] ? errPipe[0] : -1, events: Int16(POLLIN), revents: 0)]
            if poll(&pollers, 2, -1) < 0 {
                guard errno == EINTR else { break }
                continue
            }
            for stream in 0..<2 where open[stream] && pollers[stream].revents != 0 {
                let got = chunk.withUnsafeMutableBytes { read(pollers[stream].fd, $0.baseAddress, $0.count) }
                if got < 0, errno == EINTR { continue }
                guard got > 0 else {
                    open[stream] = false
                    continue
                }
                if stream == 1 {
                    errors += chunk.prefix(max(0, min(got, 65_536 - errors.count)))
                } else if !chunk.withUnsafeBytes({ take(UnsafeRawBufferPointer(rebasing: $0.prefix(got))) }) {
                    kill(-pid, SIGKILL)
                    stopped = true
                    break reading
                }
            }
        }
        let status = ChildProcess.wait(pid)
        if status == ChildProcess.notFound, !stopped { throw RecipeError("cannot run \(tool): it is not installed (apt-get install \(tool))") }
        return Streamed(status: status, errors: String(decoding: errors, as: UTF8.self), stopped: stopped)
    }
}

extension ChildProcess.Captured {
    /// The tool's last line of complaint, for a message that says why.
    var reason: String {
        errors.split(separator: "\n").last.map { String($0).replacing("fatal: ", with: "") } ?? "exit status \(status)"
    }
}
