import Spelling
import LuaHost

/// `expect(name, fn)`: a property the run must keep, checked after every event,
/// and `expect(name)` for the built-in checks (``BuiltInChecks``).
struct ExpectPlugin: GlassesPlugin {
    func install(in runtime: ScriptRuntime) throws(LuaScriptError) {
        let checks = RunChecks(runtime: runtime)
        let builtIns = BuiltInChecks.catalogue.map { "\($0.name) (\($0.doc))" }.joined(separator: "; ")
        try runtime.state.register(LuaFunction(
            name: "expect", parameters: [LuaParameter("name", .string), .optional("check", .union([.function, .number]))],
            doc: "Fail the run (exit \(RunChecks.exitCode)) when `check()` returns false or nil (its second result is the message) "
                + "or raises; it is called after every event that traced something or ran Lua, and must not wait. Without a function, switch on a built-in check: \(builtIns).",
            rule: Self.builtInName
        ) { call in
            let name = try call.string(1)
            if call.typeName(2) == "function" {
                checks.add(name, try call.function(2))
                return .none
            }
            let parameter = try call.optionalNumber(2)
            if let parameter, !(parameter.isFinite && parameter > 0) {
                throw LuaArgumentError(argument: 2, message: "seconds must be a finite number > 0")
            }
            guard let check = BuiltInChecks.make(name, parameter: parameter) else { throw Self.unknown(name) }
            checks.add(check)
            return .none
        })
    }

    /// Without a function (nothing, or a built-in's number), the name must be a built-in's.
    private static let builtInName: LuaArgumentRule = { arguments in
        guard arguments.count == 2, case .string(let name)?? = arguments.first else { return nil }
        switch arguments[1] {
        case .nil?, .integer?, .number?: return BuiltInChecks.names.contains(name) ? nil : unknown(name)
        default: return nil
        }
    }

    private static func unknown(_ name: String) -> LuaArgumentError {
        LuaArgumentError(
            argument: 1,
            message: "no built-in check '\(name)'\(NameSuggestion.hint(for: name, in: BuiltInChecks.names)) "
                + "(built-ins: \(BuiltInChecks.names.joined(separator: ", "))); "
                + "for your own, pass a function: expect(\"\(name)\", function() return ... end)")
    }
}
