import Dispatch

extension Scheduler {
    /// Runs `work` (pure computation the model treats as taking no run time, such as
    /// encoding a photo) and hands its result to `then` on the scheduler's thread.
    ///
    /// On the virtual clock both run now, inline, so runs stay reproducible. On the wall
    /// clock (`glasses serve`, `--realtime`) `work` runs on another thread and `then` is
    /// posted back: a HEIC encode that takes seconds of real time must not stop the
    /// world's frames, timers and clients meanwhile (at `--speed 20` a 0.5 s stall is 10 s
    /// of run time, past a capture's timeout). The loop stays alive until `then` has run.
    public func offload<Result: Sendable>(_ work: @escaping @Sendable () -> Result, then: @escaping (Result) -> Void) {
        thread.check()
        guard clock == .wall else { return then(work()) }
        let resume = SchedulerBound(then, on: self)
        inbox.changeSources(by: 1)
        DispatchQueue.global(qos: .userInitiated).async { [inbox] in
            let result = work()
            inbox.post {
                resume.open()(result)
                inbox.changeSources(by: -1)
            }
        }
    }
}
