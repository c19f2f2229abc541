import LuaHost

/// The failures the bindings make themselves, which no DAT type names: a wait that ran past
/// the `timeout` a script gave it, and a joined task that was cancelled. Scripts see them as
/// `ScriptError.timeout` and `ScriptError.cancelled`, whichever class raised them.
enum BindingError: ScriptErrorConvertible, Equatable {
    /// A waiting call's `timeout` ran out; the message says what did not happen, and in how long.
    case timeout(String)
    /// A task the script waited on was cancelled.
    case cancelled(String)

    var code: String {
        switch self {
        case .timeout: "timeout"
        case .cancelled: "cancelled"
        }
    }

    var scriptError: ScriptError {
        switch self {
        case .timeout(let message), .cancelled(let message):
            ScriptError(domain: "ScriptError", code: code, message: message)
        }
    }

    /// What every `next_*` and `wait_for` returns when its timeout ran out: nil and this error.
    var returned: WaitOutcome { .success([.nil, .error(scriptError)]) }
}
