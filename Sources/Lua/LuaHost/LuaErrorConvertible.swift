/// A Swift error that knows the Lua error it raises as. A binding body just throws
/// it (`throw StreamError.timeout`); the dispatch raises ``luaError`` — a value such as
/// an error object reaches Lua intact, with no conversion written at the throw.
/// Errors that do not conform are raised as their description, with the caller's position.
public protocol LuaErrorConvertible: Error {
    /// What Lua code sees: a message (given the caller's position) or a value, raised as is.
    var luaError: LuaError { get }
}
