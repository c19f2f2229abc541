import LuaHost
import WearablesCore

/// A failure as scripts see it: `err.domain`, `err.code`, `err.message`, and
/// `tostring(err)` = `"StreamError.deviceNotConnected: <message>"`. Raised by
/// waiting calls and passed to `"error"` listeners, so one value serves both.
public final class ScriptError: Error, @unchecked Sendable {
    public let domain: String
    public let code: String
    public let message: String
    /// What the code leaves open, where DAT's case carries it: a `VideoError.playbackFailed`'s
    /// `VideoErrorType` (`alreadyPlaying`, ...); nil for every other error.
    public let reason: String?
    /// A script's own error value to re-raise as is (a failed task's `error({...})`
    /// reaching `task:join()`); nil for errors the host makes.
    let raw: LuaValue?

    public init(domain: String, code: String, message: String, reason: String? = nil) {
        self.domain = domain
        self.code = code
        self.message = message
        self.reason = reason
        raw = nil
    }

    /// Wraps a script's own error value so it is raised unchanged.
    init(raising value: LuaValue, message: String) {
        domain = "ScriptError"
        code = "error"
        self.message = message
        reason = nil
        raw = value
    }

    public convenience init(_ error: any WearablesError) {
        self.init(domain: error.domain, code: error.code, message: error.message)
    }

    /// Any error as scripts see it: its own value when it is a ``ScriptErrorConvertible``
    /// (or a `WearablesError`), else `ScriptError.error` with its description.
    public static func converting(_ error: any Error) -> ScriptError {
        if let convertible = error as? any ScriptErrorConvertible { return convertible.scriptError }
        if let wearables = error as? any WearablesError { return ScriptError(wearables) }
        return ScriptError(domain: "ScriptError", code: "error", message: String(describing: error))
    }

    /// `"StreamError.deviceNotConnected: <message>"`; with a reason, as DAT's payload: `"VideoError.playbackFailed(alreadyPlaying): <message>"`.
    public var description: String { "\(domain).\(code)\(reason.map { "(\($0))" } ?? ""): \(message)" }

    /// The Lua error that raises this value.
    public var luaError: LuaError { LuaError(value: raw ?? .object(self)) }

    static var luaClass: LuaClass<ScriptError> {
        LuaClass(
        ScriptError.self, name: "Error",
        doc: "A failure: domain (e.g. StreamError), code (the DAT case name) and message.",
        fields: [
            LuaField(name: "domain", type: .string, doc: "The error type, e.g. \"StreamError\".") { .string($0.domain) },
            LuaField(name: "code", type: .string, doc: "The DAT case name, e.g. \"deviceNotConnected\".") { .string($0.code) },
            LuaField(name: "message", type: .string, doc: "What went wrong, for people.") { .string($0.message) },
            LuaField(name: "reason", type: .optional(.string), doc: "VideoError only: DAT's VideoErrorType (alreadyPlaying, urlInvalid, playbackFailed, unknown); nil otherwise.") {
                $0.reason.map(LuaValue.string) ?? .nil
            },
        ],
        describe: { $0.description })
    }
}

/// A Swift error that scripts see as an ``ScriptError`` value (`err.domain`, `err.code`,
/// `err.message`): a binding throws it, and the dispatch raises that value
/// (`LuaErrorConvertible`); a waiting call's failure reaches the task the same way.
public protocol ScriptErrorConvertible: LuaErrorConvertible {
    var scriptError: ScriptError { get }
}

extension ScriptErrorConvertible {
    public var luaError: LuaError { scriptError.luaError }
}

extension ScriptErrorConvertible where Self: WearablesError {
    public var scriptError: ScriptError { ScriptError(self) }
}

extension ScriptError: ScriptErrorConvertible {
    public var scriptError: ScriptError { self }
}
