import Dispatch
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import GlassesScript
import Locking
import WearablesCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One `glasses run` child of a sweep: how it ended and what it said last.
struct SweepRun {
    let seed: UInt64
    /// The exit code, or 128 + the signal that ended it.
    let code: Int32
    let seconds: Double
    /// The last lines of its stderr, for the summary of a failure.
    let stderrTail: String
    /// Why it failed, read from its whole stderr (meaningless when it passed).
    let cause: SweepFailureCause

    var failed: Bool { code != 0 }
}

/// Starts `glasses run` children with their stderr in a file (a pipe could fill
/// and block a chatty child), and reports each one's end.
enum SweepProcess {
    /// This executable: children are the same `glasses`, whatever PATH says.
    static let executable = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]

    /// Starts `glasses ARGUMENTS`; `done` runs on another thread when it ends. Returns its process id.
    static func start(_ arguments: [String], seed: UInt64, scratch: String, done: @escaping @Sendable (SweepRun) -> Void) throws -> pid_t {
        let errPath = "\(scratch)/seed-\(seed)-\(UUID().uuidString).stderr"
        let started = ContinuousClock.now
        guard let pid = ChildProcess.spawn(executable, arguments, standardError: errPath) else {
            throw SweepError("cannot start \(executable): \(String(cString: strerror(errno)))")
        }
        DetachedThread.start {
            let code = ChildProcess.wait(pid)
            let elapsed = ContinuousClock.now - started
            let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
            let text = (try? String(contentsOfFile: errPath, encoding: .utf8)) ?? ""
            try? FileManager.default.removeItem(atPath: errPath)
            let tail = text.split(separator: "\n").suffix(4).joined(separator: "\n")
            done(SweepRun(seed: seed, code: code, seconds: seconds, stderrTail: tail, cause: SweepFailureCause(stderr: text, code: code)))
        }
        return pid
    }

    /// Runs one child to its end (the shrinker's replays).
    static func run(_ arguments: [String], seed: UInt64, scratch: String) throws -> SweepRun {
        let finished = DispatchSemaphore(value: 0)
        let box = Locked<SweepRun?>(nil)
        _ = try start(arguments, seed: seed, scratch: scratch) { run in
            box.withLock { $0 = run }
            finished.signal()
        }
        finished.wait()
        guard let run = box.withLock({ $0 }) else { throw SweepError("seed \(seed): the replay ended without a result") }
        return run
    }
}
