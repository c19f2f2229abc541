import CLuaShim

/// Stops a state's running Lua code from another thread (Ctrl-C in a REPL).
/// Safe to keep after the state is gone: it then does nothing.
public final class LuaInterruptHandle: @unchecked Sendable {
    // The control block is reference counted in C and guarded by its own mutex.
    private let control: OpaquePointer

    init(control: OpaquePointer) {
        self.control = control
        gs_control_retain(control)
    }

    deinit {
        gs_control_release(control)
    }

    /// Which of the two stops that share the interrupt path was asked for, carried in the
    /// control block's code (the signals' numbers, for whoever reads a dump).
    static let interruptTag: Int32 = 2
    static let terminateTag: Int32 = 15

    /// Arms a hook on the running coroutine; the run then ends with ``LuaStop/interrupted(message:)``.
    public func interrupt(message: String = "interrupted") {
        gs_request_stop(control, Int32(GS_STOP_INTERRUPT), Self.interruptTag, message)
    }

    /// ``interrupt(message:)`` for SIGTERM: the run then ends with ``LuaStop/terminated(message:)``.
    public func terminate(message: String = "terminated") {
        gs_request_stop(control, Int32(GS_STOP_INTERRUPT), Self.terminateTag, message)
    }
}
