import Locking
import WearablesSimulator

extension WorldThread {
    /// Starts a kit call on the world's thread and waits for its completion, which may
    /// never come (a companion app that never answers): the caller then waits, as a DAT
    /// call that never returns keeps its caller waiting. A second completion is ignored.
    func completion<T: Sendable>(_ start: @escaping @Sendable (SimulatedWorld, @escaping @Sendable (T) -> Void) -> Void) async -> T {
        await withCheckedContinuation { continuation in
            let resumed = ResumedOnce()
            post { world in
                start(world) { value in
                    if resumed.first() { continuation.resume(returning: value) }
                }
            }
        }
    }
}

/// True once, to the first caller.
final class ResumedOnce: Sendable {
    private let done = AtomicValue<Bool>(false)
    func first() -> Bool { !done.exchange(true) }
}
