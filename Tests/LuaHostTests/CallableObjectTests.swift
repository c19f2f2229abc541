import LuaHost
import Testing

/// A switch held in its lamp's field, whose call also serves as a method of the lamp.
final class LampSwitch {
    var presses: [String] = []
}

final class SwitchedLamp {
    let power = LampSwitch()
}

/// ``LuaClass/call``: an object held in a field serves as a method of its holder
/// (`lamp:power("on")` calls `lamp.power`), and is described as one.
@Suite struct CallableObjectTests {
    static let mode = LuaArgument.string("mode", oneOf: ["on", "off"])

    func lampState(_ lamp: SwitchedLamp) throws -> LuaState {
        let state = try makeState()
        try state.register(
            LuaClass(
                LampSwitch.self, name: "LampSwitch", doc: "A switch.",
                methods: [.method("count", returns: [.integer], doc: "Presses so far.") { power, _ in .value(.integer(Int64(power.presses.count))) }],
                call: .method(
                    "power", .object("lamp", SwitchedLamp.self, className: "SwitchedLamp"), Self.mode, returns: [.string], doc: "Switches it."
                ) { power, held, mode, _ in
                    power.presses.append(mode)
                    return .value(.string(held === lamp ? mode : "another lamp"))
                }))
        try state.register(
            LuaClass(
                SwitchedLamp.self, name: "SwitchedLamp", doc: "A lamp.",
                fields: [LuaField(name: "power", type: .named("LampSwitch"), doc: "Its switch.") { .object($0.power) }]))
        try state.register(LuaFunction(name: "lamp", returns: [.named("SwitchedLamp")], doc: "The lamp.") { _ in .value(.object(lamp)) })
        return state
    }

    @Test func theHeldObjectIsBothAMethodAndAnObject() throws {
        let lamp = SwitchedLamp()
        let state = try lampState(lamp)
        let result = try state.run("local l = lamp() local said = l:power('on') l:power('off') return said, l.power:count(), l.power == l.power")
        #expect(result[0].string == "on")
        #expect(result[1].int == 2)
        #expect(result[2].bool == true)
        #expect(lamp.power.presses == ["on", "off"])
    }

    @Test func argumentErrorsNumberTheArgumentsTheScriptWrote() throws {
        let state = try lampState(SwitchedLamp())
        let result = try state.run(
            """
            local l = lamp()
            local _, bad = pcall(function() l:power('dim') end)
            local _, missing = pcall(function() l.power(5) end)
            return bad, missing
            """, name: "lamp.lua")
        #expect(result[0].string == "lamp.lua:2: bad argument #1 to 'power' (invalid value 'dim' (expected one of: on, off))")
        #expect(result[1].string?.contains("bad argument #1 to 'power' (SwitchedLamp expected, got number)") == true)
    }

    @Test func bindingsListTheCallAsAMethodOfTheHolder() throws {
        let state = try lampState(SwitchedLamp())
        let bindings = state.bindings
        let holder = try #require(bindings.classes.first { $0.name == "SwitchedLamp" })
        let methods = bindings.methods(of: holder)
        #expect(methods.map(\.signature) == ["SwitchedLamp:power(mode: \"on\"|\"off\") -> string"])
        #expect(bindings.classes.first { $0.name == "LampSwitch" }?.call?.parameters.count == 2)
    }
}
