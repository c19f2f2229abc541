import LuaHost
import Testing

/// A Lua-named enum, as bindings declare them.
enum Shade: String, LuaEnum {
    case light, dark
}

final class Lamp {
    var shade: Shade = .light
    var level = 0.0
}

/// An error that knows its Lua value.
struct LampError: LuaErrorConvertible {
    var luaError: LuaError { LuaError(value: .table(["code": "broken"])) }
}

/// `.enum`, ``LuaArgument`` reads with the spec's default, ``LuaMethod``'s typed self,
/// and ``LuaErrorConvertible`` raised by the dispatch.
@Suite struct TypedBindingTests {
    static let shade = LuaArgument.enum("shade", Shade.self, default: .dark)

    func lampState(_ lamp: Lamp) throws -> LuaState {
        let state = try makeState()
        try state.register(
            LuaClass(
                Lamp.self, name: "Lamp", doc: "A lamp.",
                methods: [
                    .method("set", Self.shade, .number("level", in: 0...1, default: 0.5), doc: "Sets it.") { lamp, shade, level, _ in
                        lamp.shade = shade
                        lamp.level = level
                        return .value(.string(shade.luaName))
                    },
                    .method("shade", doc: "Reads it.") { lamp, _ in .value(.string(lamp.shade.luaName)) },
                    .method("fail", doc: "Fails.") { _, _ in throw LampError() },
                ]))
        try state.register(LuaFunction(name: "lamp", returns: [.named("Lamp")], doc: "The lamp.") { _ in .value(.object(lamp)) })
        return state
    }

    @Test func enumArgumentsReadAsTheCaseWithTheDeclaredDefault() throws {
        let lamp = Lamp()
        let state = try lampState(lamp)
        #expect(try state.run("return lamp():set()").first?.string == "dark")
        #expect(lamp.shade == .dark && lamp.level == 0.5)
        #expect(try state.run("return lamp():set('light', 1)").first?.string == "light")
        #expect(lamp.shade == .light && lamp.level == 1)
        let message = try state.run("return select(2, pcall(function() return lamp():set('dim') end))").first?.string
        #expect(message?.hasSuffix("bad argument #1 to 'set' (invalid value 'dim' (expected one of: light, dark))") == true)
        let selfError = try state.run("return select(2, pcall(function() return lamp().set({}) end))").first?.string
        #expect(selfError?.contains("Lamp expected, got table") == true)
    }

    @Test func enumsAreAliasesInTypesAndListedInSignatures() throws {
        let state = try lampState(Lamp())
        let set = try #require(state.bindings.classes.first?.methods.first)
        #expect(set.parameters[0].type == .alias("Shade", .strings(["light", "dark"])))
        #expect(set.parameters[0].defaultText == "\"dark\"" && set.parameters[1].defaultText == "0.5")
        #expect(set.signature == "Lamp:set(shade?: \"light\"|\"dark\", level?: number)")
        #expect(state.bindings.aliases.map(\.name) == ["Shade"])
    }

    @Test func typedErrorsRaiseTheirOwnValue() throws {
        let state = try lampState(Lamp())
        let code = try state.run("local ok, err = pcall(function() lamp():fail() end) return err.code").first?.string
        #expect(code == "broken")
    }
}
