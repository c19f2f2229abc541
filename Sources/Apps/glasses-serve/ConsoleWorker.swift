import GlassesScript
import WearablesCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A `glasses console-worker` child: its stdin to write inputs to, and a thread reading
/// its stdout line by line. Reaped by that thread once its output ends.
final class ConsoleWorker: Sendable {
    let pid: pid_t
    private let input: Int32

    private init(pid: pid_t, input: Int32) {
        self.pid = pid
        self.input = input
    }

    /// Starts `executable console-worker`, writes `setup` as its first line, and calls
    /// `line` for each line it prints and `ended` (with its id and status) once it is gone,
    /// both on the reading thread.
    static func start(
        _ executable: String, setup: String, line: @escaping @Sendable (String) -> Void, ended: @escaping @Sendable (pid_t, Int32) -> Void
    ) -> ConsoleWorker? {
        var toChild: [Int32] = [-1, -1], fromChild: [Int32] = [-1, -1]
        guard pipe(&toChild) == 0 else { return nil }
        guard pipe(&fromChild) == 0 else {
            close(toChild[0]); close(toChild[1])
            return nil
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, toChild[0], STDIN_FILENO)
        posix_spawn_file_actions_adddup2(&actions, fromChild[1], STDOUT_FILENO)
        posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "/dev/null", O_WRONLY, 0)
        for end in [toChild[0], toChild[1], fromChild[0], fromChild[1]] { posix_spawn_file_actions_addclose(&actions, end) }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // A group of its own: a Ctrl-C at the server's terminal is the server's to handle.
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP))
        let words: [String] = [executable, "console-worker"]
        var arguments = words.map { strdup($0) } + [nil]
        defer { arguments.forEach { free($0) } }
        var pid = pid_t()
        let started = posix_spawn(&pid, executable, &actions, &attributes, &arguments, environ) == 0
        close(toChild[0])
        close(fromChild[1])
        guard started else {
            close(toChild[1]); close(fromChild[0])
            return nil
        }
        // The server never waits on a worker: a full pipe means a stuck worker, which is killed.
        _ = fcntl(toChild[1], F_SETFL, fcntl(toChild[1], F_GETFL) | O_NONBLOCK)
        _ = fcntl(toChild[1], F_SETFD, FD_CLOEXEC)
        _ = fcntl(fromChild[0], F_SETFD, FD_CLOEXEC)
        let worker = ConsoleWorker(pid: pid, input: toChild[1])
        let (output, child) = (fromChild[0], pid)
        DetachedThread.start {
            // A line past the limit (a console printing without end) ends the worker.
            if !ConsoleWorker.read(output, line: line) { signalProcess(child, SIGKILL) }
            close(output)
            ended(child, ChildProcess.wait(child))
        }
        guard worker.send(setup) else {
            worker.kill()
            return worker
        }
        return worker
    }

    /// Writes `text` and a newline; false when the worker does not take it now (its
    /// input is full or closed), for the caller to kill it.
    func send(_ text: String) -> Bool {
        let bytes = Array(text.utf8) + [UInt8(ascii: "\n")]
        var written = 0
        while written < bytes.count {
            let done = bytes.withUnsafeBytes { write(input, $0.baseAddress! + written, bytes.count - written) }
            if done < 0, errno == EINTR { continue }
            guard done > 0 else { return false }
            written += done
        }
        return true
    }

    /// Ends the worker at once, wherever it is stuck; its reading thread then reaps it.
    func kill() { signalProcess(pid, SIGKILL) }

    deinit {
        kill()
        close(input)
    }

    /// The longest line taken from a worker.
    static let lineLimit = 16 << 20

    /// Calls `line` for each newline-ended line read from `descriptor`, until its end
    /// (true) or a line longer than ``lineLimit`` (false).
    private static func read(_ descriptor: Int32, line: (String) -> Void) -> Bool {
        var pending: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let got = chunk.withUnsafeMutableBytes { readDescriptor(descriptor, $0.baseAddress!, $0.count) }
            if got < 0, errno == EINTR { continue }
            guard got > 0 else { return true }
            pending += chunk.prefix(got)
            if pending.count > lineLimit, !pending.contains(UInt8(ascii: "\n")) { return false }
            while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                line(String(decoding: pending[..<newline], as: UTF8.self))
                pending.removeSubrange(...newline)
            }
        }
    }
}

/// libc's `kill` and `read`, named apart from ``ConsoleWorker/kill()`` and the reading loop.
private func signalProcess(_ pid: pid_t, _ signal: Int32) { _ = kill(pid, signal) }
private func readDescriptor(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int { read(descriptor, buffer, count) }
