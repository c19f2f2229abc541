import CLua
import CLuaShim

/// Runs the Swift function in `function` (a ``LuaFunctionBox``) for the C
/// trampoline. Never raises: it returns a status and the trampoline raises.
@c(gs_swift_dispatch)
func luaDispatch(_ L: OpaquePointer?, _ function: UnsafeMutableRawPointer?, _ argument: UnsafeMutablePointer<Int32>?) -> Int32 {
    LuaDispatch.dispatch(L, function, argument)
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
    @inline(__always)
    static func dispatch(_ L: OpaquePointer?, _ function: UnsafeMutableRawPointer?, _ argument: UnsafeMutablePointer<Int32>?) -> Int32 {
        guard let L, let function else { return Int32(GS_RAISE) }
        let call = LuaCall(L: L)
        do {
            // The state keeps the box alive, so no retain is needed for the call.
            let result = try Unmanaged<LuaFunctionBox>.fromOpaque(function)._withUnsafeGuaranteedRef { try $0.call(call) }
            switch result {
            case .none: return 0
            case .value(.number(let number)):
                lua_pushnumber(L, number)
                return 1
            case .value(.integer(let integer)):
                lua_pushinteger(L, lua_Integer(integer))
                return 1
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
        } catch let error as LuaArgumentError {
            return raise(argumentError: error, argument: argument, on: L)
        } catch let error as LuaError {
            return raise(error, on: L, state: call.state)
        } catch is LuaPushFailure {
            return Int32(GS_RAISE)
        } catch let error as any LuaErrorConvertible {
            return raise(error.luaError, on: L, state: call.state)
        } catch {
            return raise(LuaError(String(describing: error)), on: L, state: call.state)
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
