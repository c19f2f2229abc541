import Foundation

/// Runs one child per seed, `jobs` at a time, and stops early on Ctrl-C
/// (SIGINT) or SIGTERM: running children are killed, and what finished is kept.
final class SweepPool: @unchecked Sendable {
    private let lock = NSLock()
    private let wake = DispatchSemaphore(value: 0)
    private var finished: [SweepRun] = []
    private var stopRequested = false
    private var signalSources: [DispatchSourceSignal] = []

    /// Whether the sweep was stopped before every seed ran.
    private(set) var interrupted = false

    /// Runs `arguments(seed)` for each seed; `progress` is called after each end with all runs so far.
    func run(seeds: [UInt64], jobs: Int, scratch: String, arguments: (UInt64) -> [String],
             progress: ([SweepRun]) -> Void) throws -> [SweepRun] {
        watchSignals()
        defer { signalSources.forEach { $0.cancel() } }
        var pending = seeds[...]
        var running: [UInt64: Process] = [:]
        var done: [SweepRun] = []
        while true {
            while running.count < jobs, let seed = pending.first, !stopping {
                pending = pending.dropFirst()
                running[seed] = try SweepProcess.start(arguments(seed), seed: seed, scratch: scratch) { [weak self] run in
                    guard let self else { return }
                    self.lock.withLock { self.finished.append(run) }
                    self.wake.signal()
                }
            }
            if running.isEmpty { break }
            wake.wait()
            if stopping, !interrupted {
                interrupted = true
                // SIGKILL, not SIGTERM: the signals this process ignores may be ignored by its children too.
                running.values.forEach { kill($0.processIdentifier, SIGKILL) }
            }
            let ended = lock.withLock { () -> [SweepRun] in
                defer { finished = [] }
                return finished
            }
            for run in ended {
                running[run.seed] = nil
                // A child ended by the stop did not run to its end: it is not an outcome.
                if !(interrupted && [130, 137, 143].contains(run.code)) { done.append(run) }
            }
            if !ended.isEmpty { progress(done) }
        }
        return done
    }

    private var stopping: Bool { lock.withLock { stopRequested } }

    private func watchSignals() {
        for number in [SIGINT, SIGTERM] {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { [weak self] in
                guard let self else { return }
                self.lock.withLock { self.stopRequested = true }
                self.wake.signal()
            }
            source.resume()
            signalSources.append(source)
        }
    }
}
