#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A plain OS thread for loops that block (a world's scheduler, a terminal pump,
/// a signal watcher). Foundation's `Thread` would link all of Foundation for this.
public enum DetachedThread {
    private final class Body {
        let run: @Sendable () -> Void
        init(_ run: @escaping @Sendable () -> Void) { self.run = run }
    }

    /// Starts `body` on a new detached thread with an 8 MiB stack (Lua recursion
    /// runs on world threads, so the stack matches the main thread's).
    public static func start(_ body: @escaping @Sendable () -> Void) {
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setstacksize(&attributes, 8 << 20)
        pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
        let context = Unmanaged.passRetained(Body(body)).toOpaque()
        #if canImport(Darwin)
        var thread: pthread_t?
        #else
        var thread = pthread_t()
        #endif
        let status = pthread_create(&thread, &attributes, { context in
            // Optional on Linux, not on Darwin: the cast reads the same on both.
            let body = Unmanaged<Body>.fromOpaque((context as UnsafeMutableRawPointer?)!).takeRetainedValue()
            body.run()
            return nil
        }, context)
        precondition(status == 0, "cannot start a thread (pthread_create: \(status))")
    }
}
