import LuaHost
import WearablesCore

/// Small conversions shared by the bindings.
extension LuaCall {
    /// A string argument naming a case of `E`; the error lists the valid names.
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
}

extension WearablesError {
    /// This failure as the error value scripts see.
    var scriptError: ScriptError { ScriptError(self) }
}
