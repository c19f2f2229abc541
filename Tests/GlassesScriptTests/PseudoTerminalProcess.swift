import Foundation

/// A process on a pseudo-terminal of its own, spawned by the test itself (not
/// through `script`), so the test can wait for it to stop (`waitpid`) and
/// continue it: what a shell does for Ctrl-Z and `fg`.
final class PseudoTerminalProcess {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    let pid: pid_t
    private let master: Int32
    private let folder: String?
    private var text = ""

    /// `folder`, if given, is deleted with this object (the child's own files).
    init(arguments: [String], environment extra: [String: String], removing folder: String? = nil) throws {
        self.folder = folder
        // posix_openpt, unlockpt and ptsname are not in Glibc's Swift module; this is what they do on Linux.
        let unlockRequest: UInt = 0x4004_5431  // TIOCSPTLCK
        let numberRequest: UInt = 0x8004_5430  // TIOCGPTN
        master = open("/dev/ptmx", O_RDWR | O_NOCTTY)
        var unlock: Int32 = 0
        var number: UInt32 = 0
        guard master >= 0, ioctl(master, unlockRequest, &unlock) == 0, ioctl(master, numberRequest, &number) == 0 else {
            throw Failure(description: "cannot open a pseudo-terminal: \(String(cString: strerror(errno)))")
        }
        let terminal = "/dev/pts/\(number)"
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        // Opened after setsid (spawn attributes come first), so it becomes the controlling terminal.
        posix_spawn_file_actions_addopen(&actions, 0, terminal, O_RDWR, 0)
        posix_spawn_file_actions_adddup2(&actions, 0, 1)
        posix_spawn_file_actions_adddup2(&actions, 0, 2)
        posix_spawn_file_actions_addclose(&actions, master)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // The test runner's blocked signals and handlers must not reach the child.
        let setsid: Int32 = 0x80  // POSIX_SPAWN_SETSID, which Glibc's Swift module does not export
        posix_spawnattr_setflags(&attributes, Int16(setsid | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)
        var defaults = sigset_t()
        sigfillset(&defaults)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        let environment = ProcessInfo.processInfo.environment.merging(extra) { $1 }.map { "\($0)=\($1)" }
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.map { strdup($0) } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var child: pid_t = 0
        let status = posix_spawn(&child, arguments[0], &actions, &attributes, argv, envp)
        guard status == 0 else { throw Failure(description: "cannot start \(arguments[0]): \(String(cString: strerror(status)))") }
        pid = child
    }

    deinit {
        kill(pid, SIGKILL)
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        close(master)
        if let folder { try? FileManager.default.removeItem(atPath: folder) }
    }

    func write(_ keys: String) throws {
        let bytes = Array(keys.utf8)
        guard bytes.withUnsafeBytes({ Glibc.write(master, $0.baseAddress, $0.count) }) == bytes.count else {
            throw Failure(description: "cannot type into the terminal")
        }
    }

    /// Reads output until `expected` appears after what earlier reads consumed.
    func read(until expected: String) throws {
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            if let range = text.range(of: expected) {
                text = String(text[range.upperBound...])
                return
            }
            let count = buffer.withUnsafeMutableBytes { Glibc.read(master, $0.baseAddress, $0.count) }
            guard count > 0 else {
                throw Failure(description: "the process ended before printing \(expected.debugDescription); it printed:\n\(text)")
            }
            text += String(decoding: buffer[..<count], as: UTF8.self)
        }
    }

    /// Whether the terminal is in canonical (cooked) mode, as a shell expects it.
    var isCanonical: Bool {
        var mode = termios()
        return tcgetattr(master, &mode) == 0 && mode.c_lflag & tcflag_t(ICANON) != 0
    }

    /// Whether the terminal itself echoes what is typed.
    var echoes: Bool {
        var mode = termios()
        return tcgetattr(master, &mode) == 0 && mode.c_lflag & tcflag_t(ECHO) != 0
    }

    /// Waits for the process to stop; false if it ended instead.
    func waitUntilStopped() -> Bool {
        var status: Int32 = 0
        guard waitpid(pid, &status, WUNTRACED) == pid else { return false }
        return status & 0xff == 0x7f  // WIFSTOPPED
    }

    func continueRunning() { kill(pid, SIGCONT) }

    /// Reads what is left until the process closes the terminal, then waits for
    /// it to end; returns its exit status (-1 if a signal ended it).
    func finish() -> Int32 {
        var buffer = [UInt8](repeating: 0, count: 4096)
        while buffer.withUnsafeMutableBytes({ Glibc.read(master, $0.baseAddress, $0.count) }) > 0 {}
        var status: Int32 = 0
        guard waitpid(pid, &status, 0) == pid, status & 0x7f == 0 else { return -1 }
        return (status >> 8) & 0xff
    }
}
