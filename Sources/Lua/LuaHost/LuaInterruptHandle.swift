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

    /// ``interrupt(message:)``, with the timeout's hard stop behind it: if Lua code
    /// still runs `seconds` from now (where no hook reaches it: a pattern match, a
    /// long host call, a finalizer), the state's ``LuaState/onUnresponsiveStop(_:)``
    /// handler runs on a thread of its own and the process exits. For a signal that
    /// must end the process whatever the script does; never for a state that
    /// outlives its run (a REPL, an app).
    public func interrupt(message: String = "interrupted", endingWithin seconds: Double) {
        gs_request_stop_within(control, Int32(GS_STOP_INTERRUPT), Self.interruptTag, message, seconds)
    }

    /// ``terminate(message:)`` with a hard stop behind it, as ``interrupt(message:endingWithin:)``.
    public func terminate(message: String = "terminated", endingWithin seconds: Double) {
        gs_request_stop_within(control, Int32(GS_STOP_INTERRUPT), Self.terminateTag, message, seconds)
    }

    /// How long the timeout's watchdog lets a stop take before it ends the process
    /// (`GS_STOP_GRACE_SECONDS`): the grace a signal's hard stop gives too.
    public static let stopGrace = Double(GS_STOP_GRACE_SECONDS)
}
