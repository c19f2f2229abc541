#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Locking

/// The thread that is using an object now (a scheduler running its loop, a Lua state
/// running code), checked where the object is touched: the one mechanism behind
/// "only on the world's thread", as swift-nio's event loops check theirs.
///
/// The thread that starts a use claims the object until the use ends, so an object may
/// move between threads between uses (a console made on one thread and run on another, a
/// test's task resuming elsewhere), but never be touched by a second thread during one.
/// Debug builds stop at a violation (`assert`): it is a bug for the tests to find. Release
/// builds skip the checks, so no script can reach a crash through them.
public final class ThreadOwner: Sendable {
    private let user = AtomicValue<UInt>(0)
    private let what: String

    /// - Parameter what: the object, for the failure's message ("a Scheduler").
    public init(_ what: String) { self.what = what }

    /// The calling thread starts using the object; a nested use on the same thread is
    /// allowed. Returns whether this call claimed it, so that only the outermost use releases.
    @discardableResult
    public func enter(file: StaticString = #fileID, line: UInt = #line) -> Bool {
        let me = Self.current
        let (claimed, other) = user.compareExchange(expected: 0, desired: me)
        assert(claimed || other == me, "\(what) is running on another thread; post to it instead", file: file, line: line)
        return claimed
    }

    /// Ends the use that ``enter(file:line:)`` claimed.
    public func leave() { user.store(0) }

    /// Whether the calling thread may touch the object: the one using it, or any while nobody is.
    public var isCurrentOrIdle: Bool {
        let using = user.load()
        return using == 0 || using == Self.current
    }

    /// Stops debug builds when another thread is using the object.
    public func check(file: StaticString = #fileID, line: UInt = #line) {
        assert(isCurrentOrIdle, "\(what) touched off the thread running it; post to it instead", file: file, line: line)
    }

    /// The calling thread's identity (never 0).
    static var current: UInt {
        #if canImport(Darwin)
        UInt(bitPattern: pthread_self())
        #else
        UInt(pthread_self())
        #endif
    }
}
