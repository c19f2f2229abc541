import ThreadOwnership

/// A value that belongs to a scheduler's thread, carried through other threads (in a
/// posted action, a stream's termination handler, a link's callback) to be opened only
/// there. It replaces the unchecked boxes that said so in a comment: opening it while
/// the scheduler runs on another thread stops debug builds.
public struct SchedulerBound<Value>: @unchecked Sendable {
    private let wrapped: Value
    private let owner: ThreadOwner

    public init(_ value: Value, on scheduler: Scheduler) {
        wrapped = value
        owner = scheduler.thread
    }

    /// The value, on the scheduler's thread (or while no thread runs the scheduler).
    public func open(file: StaticString = #fileID, line: UInt = #line) -> Value {
        owner.check(file: file, line: line)
        return wrapped
    }
}

/// ``SchedulerBound`` for an object the carrier must not keep alive (a backend that a
/// link's callbacks reach, a console its watchdog reaches): nil once the object is gone.
public struct SchedulerBoundWeak<Object: AnyObject>: @unchecked Sendable {
    private weak var object: Object?
    private let owner: ThreadOwner

    public init(_ object: Object, on scheduler: Scheduler) {
        self.object = object
        owner = scheduler.thread
    }

    /// The object if it still lives, on the scheduler's thread (or while no thread runs the scheduler).
    public func open(file: StaticString = #fileID, line: UInt = #line) -> Object? {
        owner.check(file: file, line: line)
        return object
    }
}
