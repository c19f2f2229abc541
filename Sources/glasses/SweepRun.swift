import Foundation

/// One `glasses run` child of a sweep: how it ended and what it said last.
struct SweepRun {
    let seed: UInt64
    /// The exit code, or 128 + the signal that ended it.
    let code: Int32
    let seconds: Double
    /// The last lines of its stderr, for the summary of a failure.
    let stderrTail: String

    var failed: Bool { code != 0 }
}

/// Starts `glasses run` children with their output in files (a pipe could fill
/// and block a chatty child), and reports each one's end.
enum SweepProcess {
    /// This executable: children are the same `glasses`, whatever PATH says.
    static let executable = Bundle.main.executablePath ?? CommandLine.arguments[0]

    /// Starts `glasses ARGUMENTS`; `done` runs on another thread when it ends.
    static func start(_ arguments: [String], seed: UInt64, scratch: String, done: @escaping @Sendable (SweepRun) -> Void) throws -> Process {
        let errPath = "\(scratch)/seed-\(seed)-\(UUID().uuidString).stderr"
        _ = FileManager.default.createFile(atPath: errPath, contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle(forWritingAtPath: errPath)
        let started = Date()
        process.terminationHandler = { process in
            let seconds = Date().timeIntervalSince(started)
            let text = (try? String(contentsOfFile: errPath, encoding: .utf8)) ?? ""
            try? FileManager.default.removeItem(atPath: errPath)
            let code = process.terminationReason == .uncaughtSignal ? 128 + process.terminationStatus : process.terminationStatus
            let tail = text.split(separator: "\n").suffix(4).joined(separator: "\n")
            done(SweepRun(seed: seed, code: code, seconds: seconds, stderrTail: tail))
        }
        try process.run()
        return process
    }

    /// Runs one child to its end (the shrinker's replays).
    static func run(_ arguments: [String], seed: UInt64, scratch: String) throws -> SweepRun {
        let finished = DispatchSemaphore(value: 0)
        let box = RunBox()
        _ = try start(arguments, seed: seed, scratch: scratch) { run in
            box.set(run)
            finished.signal()
        }
        finished.wait()
        return box.get()!
    }
}

/// A run handed from a termination handler's thread to the waiting one.
private final class RunBox: @unchecked Sendable {
    private let lock = NSLock()
    private var run: SweepRun?
    func set(_ value: SweepRun) { lock.withLock { run = value } }
    func get() -> SweepRun? { lock.withLock { run } }
}
