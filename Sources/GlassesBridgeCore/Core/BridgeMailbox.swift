/// The bridge's one line of work: every client message and every DAT report becomes a job
/// run on `BridgeCore`, in the order it was enqueued. DAT's listeners fire on threads of the
/// SDK's choosing and clients on NIO's; the mailbox gives them one order, as `glasses serve`'s
/// world thread does.
final class BridgeMailbox: Sendable {
    typealias Job = @Sendable (isolated BridgeCore) -> Void
    private let jobs: AsyncStream<Job>.Continuation

    /// Starts the task that runs the jobs on `core` until `finish`.
    init(core: BridgeCore) {
        let (stream, jobs) = AsyncStream<Job>.makeStream()
        self.jobs = jobs
        Task {
            for await job in stream { await core.run(job) }
        }
    }

    func enqueue(_ job: @escaping Job) { jobs.yield(job) }

    /// Ends the jobs' task once the queued jobs ran.
    func finish() { jobs.finish() }
}
