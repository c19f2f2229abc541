import FoundationEssentials
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs a system tool (zip, unzip) to its end with its output discarded.
/// posix_spawn rather than Foundation's `Process`, which would link all of
/// Foundation into the binary and slow every start-up.
enum ChildProcess {
    /// Runs `tool` (looked up on PATH) with `arguments` in `directory`; returns
    /// its exit status, or nil when it could not be started.
    static func run(_ tool: String, _ arguments: [String], in directory: String) -> Int32? {
        // `sh` changes folder (posix_spawn has no portable chdir) and replaces itself with the tool.
        let argv = ["/bin/sh", "-c", "cd -- \"$0\" && exec \"$@\"", directory, tool] + arguments
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        // The tools' own messages mean little to the user; the caller says what went wrong.
        posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "/dev/null", O_WRONLY, 0)
        var cArguments = argv.map { strdup($0) } + [nil]
        defer { cArguments.forEach { free($0) } }
        var pid = pid_t()
        guard posix_spawn(&pid, "/bin/sh", &actions, nil, &cArguments, environ) == 0 else { return nil }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            guard errno == EINTR else { return nil }
        }
        // WIFEXITED / WEXITSTATUS, which Swift does not import (they are macros).
        let signal = status & 0x7f
        return signal == 0 ? (status >> 8) & 0xff : 128 + signal
    }

    /// Whether `tool` is on PATH (exit 127 from `sh` means it was not found).
    static let notFound: Int32 = 127
}
