/// What a Swift function body throws to raise a Lua error.
///
/// A message gets the caller's position prefixed (`script.lua:12: message`),
/// like `luaL_error`; a value (an error table, say) is raised as is.
/// Unchecked Sendable: it may carry Lua values, which belong to the state's thread.
public struct LuaError: Error, CustomStringConvertible, @unchecked Sendable {
    public enum Payload {
        case message(String)
        case value(LuaValue)
    }

    public let payload: Payload

    public init(_ message: String) { payload = .message(message) }
    public init(value: LuaValue) { payload = .value(value) }

    public var description: String {
        switch payload {
        case .message(let m): m
        case .value(let v): "Lua error value \(v)"
        }
    }
}

/// A bad argument, raised with `luaL_argerror` so the message reads like
/// Lua's own: `bad argument #2 to 'wait' (number expected, got string)`.
public struct LuaArgumentError: Error, CustomStringConvertible {
    public let argument: Int
    public let message: String
    /// When set, the message is built by `luaL_typeerror` with this expected type.
    let expectedType: String?

    public init(argument: Int, message: String) {
        self.argument = argument
        self.message = message
        expectedType = nil
    }

    init(argument: Int, expected: String) {
        self.argument = argument
        self.message = "\(expected) expected"
        expectedType = expected
    }

    public var description: String { "bad argument #\(argument) (\(message))" }
}

/// An error raised by Lua code and seen by the host.
/// Unchecked Sendable: ``value`` belongs to the state's thread; the strings travel freely.
public struct LuaScriptError: Error, CustomStringConvertible, @unchecked Sendable {
    public enum Kind: Sendable {
        case runtime
        case syntax
        case memory
        /// A file could not be read, or a text-only state was given bytecode.
        case load
        /// The state was stopped (exit, limit, interrupt) while running this code.
        case stopped
    }

    public let kind: Kind
    /// `tostring` of the error value (or lua.c's "(error object is a X value)").
    public let message: String
    /// `stack traceback:` lines, when available.
    public let traceback: String?
    /// The raised value itself, for error tables.
    public let value: LuaValue

    public init(kind: Kind, message: String, traceback: String? = nil, value: LuaValue = .nil) {
        self.kind = kind
        self.message = message
        self.traceback = traceback
        self.value = value
    }

    /// The message followed by the traceback, as `lua5.4` prints it.
    public var report: String {
        guard let traceback else { return message }
        return message + "\n" + traceback
    }

    public var description: String { report }
}

/// A protected helper failed; its error value is on top of the stack.
struct LuaPushFailure: Error {}
