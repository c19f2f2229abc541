import Dispatch
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Locking
import ThreadOwnership
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs one child per seed, `jobs` at a time, and stops early on Ctrl-C
/// (SIGINT) or SIGTERM: running children are killed, and what finished is kept.
/// With a failure limit it starts no seed once that many have failed; the runs in
/// flight finish, so every outcome it reports is a whole run.
final class SweepPool: @unchecked Sendable {
    private struct Shared {
        var finished: [SweepRun] = []
        var stopRequested = false
    }
    /// What the children's and the signals' threads hand to the sweep's.
    private let shared = Locked(Shared())
    private let wake = DispatchSemaphore(value: 0)
    private var signalSources: [DispatchSourceSignal] = []
    /// The thread in ``run``, the only one to touch the plain `var`s; the signals' and the
    /// children's threads touch only `shared` and `wake`.
    private let owner = ThreadOwner("a SweepPool")

    /// Whether the sweep was stopped before every seed ran.
    private(set) var interrupted = false
    /// Whether seeds were left unrun because `maxFailures` seeds had failed.
    private(set) var reachedMaxFailures = false

    /// Runs `arguments(seed)` for each seed; `progress` is called after each end with all runs so far.
    func run(seeds: [UInt64], jobs: Int, maxFailures: Int? = nil, scratch: String, arguments: (UInt64) -> [String],
             progress: ([SweepRun]) -> Void) throws -> [SweepRun] {
        let claimed = owner.enter()
        watchSignals()
        defer {
            if claimed { owner.leave() }
            signalSources.forEach { $0.cancel() }
            // Ignored only while the pool watches them: a shrink after it must stay stoppable.
            signal(SIGINT, SIG_DFL)
            signal(SIGTERM, SIG_DFL)
        }
        var pending = seeds[...]
        var running: [UInt64: pid_t] = [:]
        var done: [SweepRun] = []
        var signalled: [SweepRun] = []
        var failures = 0
        while true {
            if let maxFailures, failures >= maxFailures, !pending.isEmpty {
                reachedMaxFailures = true
                pending = []
            }
            while running.count < jobs, let seed = pending.first, !stopping {
                pending = pending.dropFirst()
                running[seed] = try SweepProcess.start(arguments(seed), seed: seed, scratch: scratch) { [weak self] run in
                    guard let self else { return }
                    self.shared.withLock { $0.finished.append(run) }
                    self.wake.signal()
                }
            }
            if running.isEmpty {
                // A stop that came between two seeds ends the sweep here, early all the same.
                if stopping, !pending.isEmpty { interrupted = true }
                break
            }
            wake.wait()
            if stopping, !interrupted {
                interrupted = true
                // SIGKILL, not SIGTERM: the signals this process ignores may be ignored by its children too.
                running.values.forEach { kill($0, SIGKILL) }
            }
            let ended = shared.withLock { shared in
                defer { shared.finished = [] }
                return shared.finished
            }
            for run in ended {
                running[run.seed] = nil
                // A child ended by the stop did not run to its end: it is not an outcome. A
                // child can see the Ctrl-C before this loop sees the stop, so an interrupted
                // exit is held back until the sweep knows whether it was stopped.
                if [130, 137, 143].contains(run.code) { signalled.append(run) } else { done.append(run) }
                if run.failed { failures += 1 }
            }
            if !ended.isEmpty { progress(done) }
        }
        if !(interrupted || stopping) { done += signalled }
        return done
    }

    private var stopping: Bool { shared.withLock { $0.stopRequested } }

    private func watchSignals() {
        for number in [SIGINT, SIGTERM] {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { [weak self] in
                guard let self else { return }
                self.shared.withLock { $0.stopRequested = true }
                self.wake.signal()
            }
            source.resume()
            signalSources.append(source)
        }
    }
}
