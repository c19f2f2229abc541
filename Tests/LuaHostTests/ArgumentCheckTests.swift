import LuaHost
import Testing

/// The registry checks arguments against each function's parameters before the body runs.
@Suite struct ArgumentCheckTests {
    /// A state with `take(...)`, whose parameters are `parameters` and whose body counts its runs.
    private func state(_ parameters: [LuaParameter], runs: Counter) throws -> LuaState {
        let state = try makeState()
        try state.register(
            LuaFunction(name: "take", parameters: parameters, doc: "Takes.") { _ in
                runs.value += 1
                return .none
            })
        return state
    }

    private func error(_ state: LuaState, _ arguments: String) throws -> String? {
        let call = arguments.isEmpty ? "pcall(take)" : "pcall(take, \(arguments))"
        return try state.run("local ok, m = \(call) return m", name: "t.lua").first?.string
    }

    @Test func enumsListTheAllowedValues() throws {
        let runs = Counter()
        let state = try state([LuaParameter("format", .strings(["jpeg", "heic"])), .optional("fps", .integers([15, 30]))], runs: runs)
        #expect(try error(state, "'gif'") == "bad argument #1 to 'take' (invalid value 'gif' (expected one of: jpeg, heic))")
        #expect(try error(state, "'jpeg', 60") == "bad argument #2 to 'take' (invalid value 60 (expected one of: 15, 30))")
        #expect(try error(state, "'jpeg', 1.5") == "bad argument #2 to 'take' (number has no integer representation)")
        #expect(try error(state, "") == "bad argument #1 to 'take' (string expected, got no value)")
        #expect(runs.value == 0)
        #expect(try error(state, "'heic', 30") == nil)
        #expect(try error(state, "'jpeg', nil") == nil)
        #expect(runs.value == 2)
    }

    @Test func recordFieldsAndArrayItemsAreNamed() throws {
        let runs = Counter()
        let options = LuaType.record([
            LuaParameter("path", .string), .optional("duration", .number),
            .optional("tags", .array(.alias("Tag", .strings(["a", "b"])))),
        ])
        let state = try state([.optional("options", options)], runs: runs)
        #expect(try error(state, "{}") == "bad argument #1 to 'take' (field 'path': string expected, got nil)")
        #expect(try error(state, "{path = 'x', duration = 'long'}")
            == "bad argument #1 to 'take' (field 'duration': number expected, got string)")
        #expect(try error(state, "{path = 'x', tags = {'a', 'c'}}")
            == "bad argument #1 to 'take' (field 'tags': invalid value 'c' (expected one of: a, b))")
        #expect(try error(state, "{path = 'x', tags = {'a', true}}")
            == "bad argument #1 to 'take' (field 'tags': item 2: string expected, got boolean)")
        #expect(try error(state, "42") == "bad argument #1 to 'take' (table expected, got number)")
        #expect(runs.value == 0)
        #expect(try error(state, "{path = 'x', duration = '2', tags = {'b'}}") == nil)
        #expect(runs.value == 1)
    }

    @Test func unionsAcceptAnyMemberAndNameThemAll() throws {
        let runs = Counter()
        let state = try state([LuaParameter("source", .union([.string, .record([LuaParameter("tone", .number)])])), .rest()], runs: runs)
        #expect(try error(state, "true") == "bad argument #1 to 'take' (string or table expected, got boolean)")
        #expect(try error(state, "{tone = 'high'}") == "bad argument #1 to 'take' (field 'tone': number expected, got string)")
        #expect(try error(state, "'a.wav', 'anything', {}") == nil)
        #expect(try error(state, "{tone = 440}") == nil)
        #expect(runs.value == 2)
    }

    @Test func rangesBoundNumbers() throws {
        let runs = Counter()
        let state = try state([LuaParameter("level", .integer, in: 0...100), .optional("timeout", .number, in: 0...Double.infinity)], runs: runs)
        #expect(try error(state, "101") == "bad argument #1 to 'take' (level must be 0-100, got 101)")
        #expect(try error(state, "50, -0.5") == "bad argument #2 to 'take' (timeout must be >= 0, got -0.5)")
        #expect(try error(state, "50, 0/0")?.hasPrefix("bad argument #2 to 'take' (timeout must be >= 0, got ") == true)
        #expect(runs.value == 0)
        #expect(try error(state, "0, 2.5") == nil)
        #expect(runs.value == 1)
    }

    /// Plain parameters (types, optionals, bounds) are checked by the trampoline in C before
    /// Swift runs; a value it cannot settle (a numeric string for a number, 3.0 for an
    /// integer, anything wrong) goes to the registry's check, so meaning and messages hold.
    @Test func plainParametersSettledInCKeepTheirMeaning() throws {
        let runs = Counter()
        let state = try state(
            [
                LuaParameter("n", .number), LuaParameter("i", .integer, in: 1...10), .optional("s", .string), .optional("f", .function),
                LuaParameter("b", .optional(.boolean)), LuaParameter("t", .alias("Options", .table)), LuaParameter("x", .any),
            ], runs: runs)
        #expect(try error(state, "1, 2, 's', print, true, {}, nil") == nil)
        #expect(try error(state, "'1.5', 3.0, 7, nil, nil, {}") == nil)
        #expect(runs.value == 2)
        #expect(try error(state, "1, 11, nil, nil, nil, {}") == "bad argument #2 to 'take' (i must be 1-10, got 11)")
        #expect(try error(state, "1, 2.5, nil, nil, nil, {}") == "bad argument #2 to 'take' (number has no integer representation)")
        #expect(try error(state, "{}, 2, nil, nil, nil, {}") == "bad argument #1 to 'take' (number expected, got table)")
        #expect(try error(state, "1, 2, {}, nil, nil, {}") == "bad argument #3 to 'take' (string expected, got table)")
        #expect(try error(state, "1, 2, nil, 3, nil, {}") == "bad argument #4 to 'take' (function expected, got number)")
        #expect(try error(state, "1, 2, nil, nil, 0, {}") == "bad argument #5 to 'take' (boolean expected, got number)")
        #expect(try error(state, "1, 2, nil, nil, nil, 'x'") == "bad argument #6 to 'take' (table expected, got string)")
        #expect(try error(state, "1") == "bad argument #2 to 'take' (number expected, got no value)")
        #expect(runs.value == 2)
    }

    /// A record field's bounds hold as an argument's do.
    @Test func rangesBoundRecordFields() throws {
        let runs = Counter()
        let state = try state([LuaParameter("options", .record([.optional("duration", .number, in: 0...3600)]))], runs: runs)
        #expect(try error(state, "{duration = math.huge}") == "bad argument #1 to 'take' (field 'duration': duration must be 0-3600, got inf)")
        #expect(try error(state, "{duration = -1}") == "bad argument #1 to 'take' (field 'duration': duration must be 0-3600, got -1)")
        #expect(runs.value == 0)
        #expect(try error(state, "{duration = 60}") == nil)
        #expect(try error(state, "{}") == nil)
        #expect(runs.value == 2)
    }

    @Test func signatureTextIsRenderedFromTheSpec() throws {
        let state = try makeState()
        try state.register(
            LuaModule(
                name: "cam", doc: "Cameras.",
                functions: [
                    LuaFunction(
                        name: "open",
                        parameters: [LuaParameter("mode", .strings(["a", "b"])), .optional("opts", .record([.optional("n", .integer)])), .rest()],
                        returns: [.optional(.named("Camera")), .optional(.strings(["busy", "gone"]))], doc: "Opens."
                    ) { _ in .none }
                ]))
        let function = try #require(state.bindings.modules.first?.functions.first)
        #expect(function.signature == "cam.open(mode: \"a\"|\"b\", opts?: {n?: integer}, ...: any) -> Camera?, \"busy\"|\"gone\"|nil")
    }
}
