import CLua
import CLuaShim

/// Runs the Swift function in `function` (a ``LuaFunctionBox``) for the C
/// trampoline. Never raises: it returns a status and the trampoline raises.
@c(gs_swift_dispatch)
func luaDispatch(_ L: OpaquePointer?, _ function: UnsafeMutableRawPointer?, _ settled: Int32, _ argument: UnsafeMutablePointer<Int32>?) -> Int32 {
    LuaDispatch.dispatch(L, function, settled != 0, argument)
}

/// Releases the retain a userdata held on its box (`__gc`).
@c(gs_swift_release)
func luaReleaseBox(_ box: UnsafeMutableRawPointer?) {
    guard let box else { return }
    let object = Unmanaged<LuaObjectBox>.fromOpaque(box).takeRetainedValue()
    object.owner?.forget(object)
    if object.charged > 0 { object.owner?.credit(object.charged) }
}

/// The Swift side of calls from Lua.
enum LuaDispatch {
    /// The common path (a number, an integer or nothing back) is inline; the rest,
    /// and every raise, is out of line so this stays small (scripts/bench section 1).
    @inline(__always)
    static func dispatch(
        _ L: OpaquePointer?, _ function: UnsafeMutableRawPointer?, _ settled: Bool, _ argument: UnsafeMutablePointer<Int32>?
    ) -> Int32 {
        guard let L, let function else { return Int32(GS_RAISE) }
        let call = LuaCall(L: L)
        // Debug builds only (the condition is not evaluated in release): a host function runs
        // on the thread that is running the state's Lua code.
        assert(call.state.thread.isCurrentOrIdle, "a host function dispatched off the thread running its Lua state")
        let result: LuaReturn
        do {
            // The state keeps the box alive, so no retain is needed for the call.
            result = try Unmanaged<LuaFunctionBox>.fromOpaque(function)._withUnsafeGuaranteedRef { try $0.call(call, settled: settled) }
        } catch {
            return raise(error, argument: argument, call: call)
        }
        // Tested one by one rather than in a switch: a switch leaves `result` to be
        // destroyed after the match, an outlined call even for a number.
        if case .value(.number(let number)) = result {
            lua_pushnumber(L, number)
            return 1
        }
        if case .value(.integer(let integer)) = result {
            lua_pushinteger(L, lua_Integer(integer))
            return 1
        }
        if case .none = result { return 0 }
        return push(result, argument: argument, call: call)
    }

    /// Pushes what a body returned (other than a number, an integer or nothing),
    /// or tells the trampoline to suspend the task.
    @inline(never)
    private static func push(_ result: LuaReturn, argument: UnsafeMutablePointer<Int32>?, call: LuaCall) -> Int32 {
        let L = call.L
        do {
            switch result {
            case .none: return 0
            case .value(let value):
                try LuaStack.push(value, on: L, state: call.state)
                return 1
            case .values(let values):
                try LuaStack.ensure(L, values.count)
                for value in values { try LuaStack.push(value, on: L, state: call.state) }
                return Int32(clamping: values.count)
            case .suspend:
                guard call.currentTask != nil, lua_isyieldable(L) != 0 else {
                    try LuaStack.push("attempt to wait outside a task", on: L)
                    return Int32(GS_RAISE_WHERE)
                }
                return Int32(GS_SUSPEND)
            }
        } catch {
            return raise(error, argument: argument, call: call)
        }
    }

    /// The status and value for the trampoline to raise `error` with.
    @inline(never)
    private static func raise(_ error: Error, argument: UnsafeMutablePointer<Int32>?, call: LuaCall) -> Int32 {
        let L = call.L
        switch error {
        case let error as LuaArgumentError: return raise(argumentError: error, argument: argument, on: L)
        case let error as LuaError: return raise(error, on: L, state: call.state)
        case is LuaPushFailure: return Int32(GS_RAISE)
        case let error as any LuaErrorConvertible: return raise(error.luaError, on: L, state: call.state)
        default: return raise(LuaError(String(describing: error)), on: L, state: call.state)
        }
    }

    private static func raise(argumentError error: LuaArgumentError, argument: UnsafeMutablePointer<Int32>?, on L: OpaquePointer) -> Int32 {
        // A missing argument travels negated: the shim says "no value" for it.
        let missing = error.expectedType != nil && lua_type(L, Int32(clamping: error.argument)) == LUA_TNONE
        argument?.pointee = Int32(clamping: missing ? -error.argument : error.argument)
        do {
            try LuaStack.push(error.expectedType ?? error.message, on: L)
        } catch {
            return Int32(GS_RAISE)
        }
        return Int32(error.expectedType != nil ? GS_RAISE_TYPE : GS_RAISE_ARGUMENT)
    }

    private static func raise(_ error: LuaError, on L: OpaquePointer, state: LuaState) -> Int32 {
        do {
            switch error.payload {
            case .message(let message):
                try LuaStack.push(message, on: L)
                return Int32(GS_RAISE_WHERE)
            case .value(let value):
                try LuaStack.push(value, on: L, state: state)
                return Int32(GS_RAISE)
            }
        } catch {
            return Int32(GS_RAISE)
        }
    }
}
