import CLua
import CLuaShim

/// Memory the host holds because a script asked for it (a timer it started),
/// counted against ``LuaStateOptions/memoryLimit`` until this is released.
/// Objects whose memory lives as long as their userdata declare it with
/// ``LuaClass``'s `memoryCost` instead.
public final class LuaMemoryCharge {
    public let bytes: Int
    private weak var state: LuaState?

    fileprivate init(bytes: Int, state: LuaState) {
        self.bytes = bytes
        self.state = state
    }

    deinit { state?.credit(bytes) }
}

extension LuaState {
    /// Bytes the host holds for the script (photos, copied frames, timers, sessions).
    public var hostMemoryUsed: Int { gs_memory_external(control) }

    /// Charges `bytes` for as long as the returned token lives. Over the cap,
    /// the run stops with a limit (exit 3) and this throws.
    public func chargeMemory(_ bytes: Int, for what: String) throws(LuaError) -> LuaMemoryCharge {
        guard charge(bytes) else { throw LuaError(stopForMemoryLimit(holding: what)) }
        return LuaMemoryCharge(bytes: bytes, state: self)
    }

    /// Charges `bytes`; when that passes the cap, collects garbage first, as Lua
    /// does for its own allocations (host objects the script dropped are freed
    /// by their `__gc`, which Lua's collector does not know are heavy).
    func charge(_ bytes: Int) -> Bool {
        let bytes = max(bytes, 0)
        if gs_memory_charge(control, bytes) != 0 { return true }
        guard !isClosed else { return false }
        gs_collect(L)
        return gs_memory_charge(control, bytes) != 0
    }

    func credit(_ bytes: Int) { gs_memory_credit(control, max(bytes, 0)) }

    /// Stops the run with the memory limit's message, for memory the script
    /// cannot be given; returns the message.
    @discardableResult
    public func stopForMemoryLimit(holding what: String? = nil) -> String {
        let message = memoryLimitMessage(holding: what)
        gs_request_stop(control, Int32(GS_STOP_LIMIT), 0, message)
        return message
    }

    /// "memory limit of 64 MB (--max-memory) exceeded: ...", with what Lua and the host hold.
    public func memoryLimitMessage(holding what: String? = nil) -> String {
        let limit = options.memoryLimit.map(LuaByteCount.format) ?? "?"
        var message = "memory limit of \(limit)\(LuaLimitNames.parenthesized(options.limitNames.memory)) exceeded"
        if let what { message += " by \(what)" }
        message += ": Lua holds \(Self.approximate(memoryUsed)), host objects (photos, frames, timers, sessions) "
            + "\(Self.approximate(hostMemoryUsed))"
        return message
    }

    private static func approximate(_ bytes: Int) -> String {
        // Integer arithmetic: LuaHost stays free of Foundation (start-up, static linking).
        bytes < 1 << 20 ? "\((bytes + 1023) / 1024) KB" : "\(bytes >> 20).\((bytes & ((1 << 20) - 1)) * 10 >> 20) MB"
    }

    /// True when `error` is Lua's "not enough memory" caused by the cap.
    public func isMemoryLimitError(_ error: LuaScriptError) -> Bool {
        memoryLimitWasHit && (error.kind == .memory || error.message.hasSuffix("not enough memory"))
    }
}
