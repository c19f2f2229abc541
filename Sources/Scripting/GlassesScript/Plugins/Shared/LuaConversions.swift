import LuaHost
import WearablesAudio
import WearablesCore

// The DAT and AVAudioSession enums scripts name: each is the one list of its
// values for checks, help and LuaLS (`.enum(T.self)`), read back as the case.
extension PhotoCaptureFormat: LuaEnum {}
extension PhotoResolution: LuaEnum {}
extension PhotoQuality: LuaEnum {}
extension StreamingResolution: LuaEnum {}
extension VideoCodec: LuaEnum {}
extension SessionState: LuaEnum {}
extension Permission: LuaEnum {}
extension AudioSessionCategory: LuaEnum { public static var luaTypeName: String { "AudioCategory" } }
extension AudioSessionMode: LuaEnum { public static var luaTypeName: String { "AudioMode" } }
extension AudioSessionOption: LuaEnum { public static var luaTypeName: String { "AudioOption" } }

// The failures scripts see as error values: a binding throws them as they are.
extension RegistrationError: ScriptErrorConvertible {}
extension UnregistrationError: ScriptErrorConvertible {}
extension PermissionError: ScriptErrorConvertible {}
extension NavigationError: ScriptErrorConvertible {}
extension DeviceSessionError: ScriptErrorConvertible {}
extension StreamError: ScriptErrorConvertible {}
extension PhotoError: ScriptErrorConvertible {}
extension StreamConfigurationError: ScriptErrorConvertible {}
extension RecordingError: ScriptErrorConvertible {}

extension AudioError: ScriptErrorConvertible {
    public var scriptError: ScriptError { ScriptError(domain: Self.domain, code: code.rawValue, message: message) }
}

extension LuaCall {
    /// A string argument naming a case of `E`; the error lists the valid names.
    /// (New bindings declare `.enum(E.self)` and read ``LuaCall/enumValue(_:as:)``.)
    func named<E: NamedCase>(_ n: Int, as type: E.Type) throws -> E {
        let name = try enumeration(n, of: E.allNames)
        guard let value = E(name: name) else { throw LuaArgumentError(argument: n, message: "invalid value '\(name)'") }
        return value
    }

    func optionalNamed<E: NamedCase>(_ n: Int, as type: E.Type) throws -> E? {
        isNil(n) ? nil : try named(n, as: type)
    }
}

extension LuaValue {
    /// A value for an optional object: the object, or nil.
    static func object(_ object: AnyObject?) -> LuaValue {
        guard let object else { return .nil }
        return .object(object)
    }

    /// The error value scripts see for `error` (``ScriptErrorConvertible``, a `WearablesError`, or any other).
    static func error(_ error: any Error) -> LuaValue { .object(ScriptError.converting(error)) }

    /// ``error(_:)`` for an optional error: the error value, or nil.
    static func error(_ error: (any Error)?) -> LuaValue { error.map { .error($0) } ?? .nil }
}
