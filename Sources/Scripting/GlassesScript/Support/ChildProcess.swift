#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Child processes through posix_spawn: system tools (zip, unzip) run to their
/// end, and `glasses run` children of a sweep. Not Foundation's `Process`, which
/// would link all of Foundation into the binary and slow every start-up.
public enum ChildProcess {
    /// Runs `tool` (looked up on PATH) with `arguments` in `directory`, output
    /// discarded; returns its exit status, or nil when it could not be started.
    static func run(_ tool: String, _ arguments: [String], in directory: String) -> Int32? {
        // `sh` changes folder (posix_spawn has no portable chdir) and replaces itself with the tool.
        // The tools' own messages mean little to the user; the caller says what went wrong.
        guard let pid = spawn("/bin/sh", ["-c", "cd -- \"$0\" && exec \"$@\"", directory, tool] + arguments, standardError: nil) else {
            return nil
        }
        return wait(pid)
    }

    /// What a tool printed, and how it ended.
    public struct Captured: Sendable {
        public let status: Int32
        public let output: String
        public let errors: String
    }

    /// Runs `executable` with `arguments` in `directory` to its end, reading what it prints
    /// through pipes and keeping at most `limit` bytes of each stream (the rest is read and
    /// dropped, so the child never blocks, and counted in the note that ends the kept part):
    /// no temporary file and no memory beyond the limit, however much it prints. `started`
    /// gets the child's process id (its own process group) as soon as it runs, so a caller
    /// can kill it. nil when it could not be started; 127 is the shell's "not found".
    public static func capture(
        _ executable: String, _ arguments: [String], in directory: String, keeping limit: Int, environment: [String: String] = [:],
        started: (pid_t) -> Void = { _ in }
    ) -> Captured? {
        var kept: [[UInt8]] = [[], []]
        var dropped = [0, 0]
        let piped = try? stream(executable, arguments, in: directory, environment: environment, started: started) { stream, bytes in
            let index = stream == .output ? 0 : 1
            let room = max(0, limit - kept[index].count)
            kept[index] += bytes.prefix(room)
            dropped[index] += max(0, bytes.count - room)
            return true
        }
        guard let piped else { return nil }
        let text = { (stream: Int) in
            String(decoding: kept[stream], as: UTF8.self) + (dropped[stream] > 0 ? "\n[\(dropped[stream]) more bytes not kept: at most \(limit) are]\n" : "")
        }
        return Captured(status: piped.status, output: text(0), errors: text(1))
    }

    /// One of a piped child's output streams.
    public enum Stream: Sendable { case output, errors }

    /// How a piped child ended.
    public struct Piped: Sendable {
        /// Its exit status (127: the shell's "not found").
        public let status: Int32
        /// `take` refused a chunk: the child's process group was killed there.
        public let stopped: Bool
    }

    /// Why a piped child did not start.
    public enum StartFailure: Error, Sendable {
        case noPipe
        case notSpawned
    }

    /// The one place a child runs with pipes: `executable` (a path, or a tool looked up on
    /// PATH) with `arguments` in `directory` and `environment` added, stdin from the file
    /// `input` (or /dev/null), to its end. What it prints on each stream goes to `take` chunk
    /// by chunk (64 KiB at most) as it prints it, and nothing is kept here: the caller keeps,
    /// bounds or writes. When `take` returns false the child's process group is killed at
    /// once, so a caller bounding what it writes stops within one chunk of its limit. The
    /// child runs in a process group of its own (a Ctrl-C at the terminal reaches only this
    /// process, which decides) with SIGINT, SIGTERM and SIGPIPE at their defaults even when
    /// this process ignores them; `started` gets its process id as soon as it runs.
    public static func stream(
        _ executable: String, _ arguments: [String], in directory: String, environment: [String: String] = [:], input: String? = nil,
        started: (pid_t) -> Void = { _ in }, take: (Stream, UnsafeRawBufferPointer) -> Bool
    ) throws(StartFailure) -> Piped {
        var outPipe: [Int32] = [-1, -1], errPipe: [Int32] = [-1, -1]
        guard pipe(&outPipe) == 0 else { throw .noPipe }
        guard pipe(&errPipe) == 0 else {
            close(outPipe[0]); close(outPipe[1])
            throw .noPipe
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, input ?? "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, outPipe[1], STDOUT_FILENO)
        posix_spawn_file_actions_adddup2(&actions, errPipe[1], STDERR_FILENO)
        for end in outPipe + errPipe { posix_spawn_file_actions_addclose(&actions, end) }
        // `sh` changes folder (posix_spawn has no portable chdir), sets the variables and replaces itself with the tool.
        let assignments = environment.sorted { $0.key < $1.key }.map { "\($0.key)=\(shellQuoted($0.value))" }.joined(separator: " ")
        let script = "cd -- \"$0\" && \(assignments.isEmpty ? "" : "export \(assignments) && ")exec \"$@\""
        let spawned = spawnInGroup("/bin/sh", ["-c", script, directory, executable] + arguments, actions: &actions,
                                   defaults: [SIGINT, SIGTERM, SIGPIPE])
        close(outPipe[1])
        close(errPipe[1])
        defer { close(outPipe[0]); close(errPipe[0]) }
        guard let pid = spawned else { throw .notSpawned }
        started(pid)
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
            for index in 0..<2 where open[index] && pollers[index].revents != 0 {
                let got = chunk.withUnsafeMutableBytes { read(pollers[index].fd, $0.baseAddress, $0.count) }
                if got < 0, errno == EINTR { continue }
                guard got > 0 else {
                    open[index] = false
                    continue
                }
                if !chunk.withUnsafeBytes({ take(index == 0 ? .output : .errors, UnsafeRawBufferPointer(rebasing: $0.prefix(got))) }) {
                    kill(-pid, SIGKILL)
                    stopped = true
                    break reading
                }
            }
        }
        return Piped(status: wait(pid), stopped: stopped)
    }

    private static func shellQuoted(_ text: String) -> String { "'" + text.replacing("'", with: "'\\''") + "'" }

    /// Starts `executable` with `arguments`, stdin and stdout on /dev/null and
    /// stderr into the file `standardError` (or /dev/null); the process id, or nil.
    /// The child gets a process group of its own, so a Ctrl-C at the terminal
    /// reaches only this process, which decides what happens to its children (a
    /// sweep kills them and does not count them as outcomes).
    public static func spawn(_ executable: String, _ arguments: [String], standardError: String?) -> pid_t? {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, standardError ?? "/dev/null", O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        return spawnInGroup(executable, arguments, actions: &actions)
    }

    /// posix_spawn of `executable` (a path) with `arguments` and the file `actions`, in a process
    /// group of its own, with the `defaults` signals at their default disposition in the child
    /// (the others as this process has them); the process id, or nil when it did not start.
    private static func spawnInGroup(
        _ executable: String, _ arguments: [String], actions: inout posix_spawn_file_actions_t, defaults signals: [Int32] = []
    ) -> pid_t? {
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setpgroup(&attributes, 0)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for number in signals { sigaddset(&defaults, number) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF))
        var cArguments = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { cArguments.forEach { free($0) } }
        var pid = pid_t()
        guard posix_spawn(&pid, executable, &actions, &attributes, &cArguments, environ) == 0 else { return nil }
        return pid
    }

    /// Waits for `pid` to end: its exit code, or 128 + the signal that ended it.
    public static func wait(_ pid: pid_t) -> Int32 {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            guard errno == EINTR else { return 128 }
        }
        // WIFEXITED / WEXITSTATUS, which Swift does not import (they are macros).
        let signal = status & 0x7f
        return signal == 0 ? (status >> 8) & 0xff : 128 + signal
    }

    /// The folder this executable was started from: where its sibling programs
    /// (`glasses-serve`, `glasses-mcp`, `glasses`) are.
    public static func folderOfThisProgram() -> String {
        var buffer = [CChar](repeating: 0, count: 4096)
        #if canImport(Darwin)
        var size = UInt32(buffer.count)
        let found = _NSGetExecutablePath(&buffer, &size) == 0
        #else
        let found = readlink("/proc/self/exe", &buffer, buffer.count - 1) > 0
        #endif
        let path = found ? String(cString: buffer) : CommandLine.arguments[0]
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return String(path[..<slash])
    }

    /// The status `sh` exits with when it cannot find the tool.
    public static let notFound: Int32 = 127
}

extension ChildProcess {
    /// How a child run under a deadline ended.
    public enum Bounded: Sendable, Equatable {
        /// It ended by itself: its exit status and what it printed (cut at the limit).
        case finished(status: Int32, output: String)
        /// It was still running at the deadline and was killed.
        case killed
        /// It could not be started.
        case notStarted
    }

    /// Runs `executable` with `arguments` (stdin holding `input`, or /dev/null; stderr on
    /// /dev/null), reading what it prints up to `outputLimit` bytes, and kills it (and waits
    /// for it) if it has not ended after `seconds`. For work that may hang in C where no hook
    /// reaches (a pattern match, a finalizer): only a process of its own can be stopped.
    public static func run(
        _ executable: String, _ arguments: [String], input: [UInt8]? = nil, deadline seconds: Double, outputLimit: Int = 1 << 20
    ) -> Bounded {
        // The input waits in an unlinked file rather than a pipe, so no write can block on a child that does not read.
        var inputFile: Int32 = -1
        if let input {
            guard let file = unlinkedFile(holding: input) else { return .notStarted }
            inputFile = file
        }
        defer { if inputFile >= 0 { close(inputFile) } }
        var pipeEnds: [Int32] = [-1, -1]
        guard pipe(&pipeEnds) == 0 else { return .notStarted }
        let (reading, writing) = (pipeEnds[0], pipeEnds[1])
        defer { close(reading) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        if inputFile >= 0 {
            posix_spawn_file_actions_adddup2(&actions, inputFile, STDIN_FILENO)
        } else {
            posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0)
        }
        posix_spawn_file_actions_adddup2(&actions, writing, STDOUT_FILENO)
        posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addclose(&actions, reading)
        let started = spawnInGroup(executable, arguments, actions: &actions)
        close(writing)
        guard let pid = started else { return .notStarted }
        var output: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        let end = monotonicSeconds() + seconds
        while true {
            let left = end - monotonicSeconds()
            guard left > 0 else {
                kill(pid, SIGKILL)
                _ = wait(pid)
                return .killed
            }
            var poller = pollfd(fd: reading, events: Int16(POLLIN), revents: 0)
            let ready = poll(&poller, 1, Int32(min(left * 1000, 1000).rounded(.up)))
            if ready < 0, errno == EINTR { continue }
            guard ready > 0 else { continue }
            let got = chunk.withUnsafeMutableBytes { read(reading, $0.baseAddress, $0.count) }
            if got < 0, errno == EINTR { continue }
            guard got > 0 else { break }
            if output.count < outputLimit { output += chunk.prefix(min(got, outputLimit - output.count)) }
        }
        // It may have closed its output and still not end (a finalizer as it exits).
        while true {
            var status: Int32 = 0
            let ended = waitpid(pid, &status, WNOHANG)
            if ended == pid {
                let signal = status & 0x7f
                return .finished(status: signal == 0 ? (status >> 8) & 0xff : 128 + signal, output: String(decoding: output, as: UTF8.self))
            }
            if ended < 0, errno != EINTR { return .finished(status: 128, output: String(decoding: output, as: UTF8.self)) }
            guard monotonicSeconds() < end else {
                kill(pid, SIGKILL)
                _ = wait(pid)
                return .killed
            }
            _ = poll(nil, 0, 5)
        }
    }

    /// A temporary file holding `bytes`, already unlinked, open for reading from its start.
    private static func unlinkedFile(holding bytes: [UInt8]) -> Int32? {
        var template = Array((FileManager.default.temporaryDirectory.path + "/glasses-input-XXXXXX").utf8CString)
        let file = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard file >= 0 else { return nil }
        template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
        var written = 0
        while written < bytes.count {
            let done = bytes.withUnsafeBytes { write(file, $0.baseAddress! + written, bytes.count - written) }
            if done < 0, errno == EINTR { continue }
            guard done > 0 else {
                close(file)
                return nil
            }
            written += done
        }
        guard lseek(file, 0, SEEK_SET) == 0 else {
            close(file)
            return nil
        }
        _ = fcntl(file, F_SETFD, FD_CLOEXEC)
        return file
    }

    private static func monotonicSeconds() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
    }
}
