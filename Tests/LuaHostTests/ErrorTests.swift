import LuaHost
import Testing

@Suite struct ErrorTests {
    @Test func swiftErrorIsRaisedWithLocationAndDefersRun() throws {
        let state = try makeState()
        let defers = Counter()
        try state.register(
            LuaFunction(name: "fail", doc: "Always raises.") { _ in
                defer { defers.value += 1 }
                throw LuaError("it failed")
            })
        let result = try state.run(
            """
            local ok, message = pcall(function()
              fail()
            end)
            return ok, message
            """, name: "caller.lua")
        #expect(result[0].bool == false)
        #expect(result[1].string == "caller.lua:2: it failed")
        #expect(defers.value == 1)
        #expect(try state.run("return 1 + 1")[0].int == 2)
    }

    @Test func argumentErrorsReadLikeLuas() throws {
        let state = try makeState()
        try state.register(
            LuaFunction(name: "wait", parameters: [LuaParameter("s", .number)], doc: "Waits.") { call in
                _ = try call.number(2)
                return .none
            })
        try state.register(
            LuaFunction(name: "pick", parameters: [LuaParameter("level", .any)], doc: "Picks.") { call in
                .value(.string(try call.enumeration(1, of: ["low", "medium", "high"])))
            })
        let result = try state.run(
            """
            local _, a = pcall(wait, 1, "x")
            local _, b = pcall(function() pick("huge") end)
            return a, b
            """, name: "test.lua")
        #expect(result[0].string == "bad argument #2 to 'wait' (number expected, got string)")
        #expect(result[1].string == "test.lua:2: bad argument #1 to 'pick' (invalid value 'huge' (expected one of: low, medium, high))")
    }

    /// A missing argument is "no value", as luaL_typeerror says it, whatever
    /// the check: the error message itself must not be mistaken for the argument.
    @Test func aMissingArgumentIsNoValue() throws {
        let state = try makeState()
        try state.register(
            LuaFunction(name: "wait", parameters: [LuaParameter("s", .number)], doc: "Waits.") { call in
                _ = try call.number(1)
                return .none
            })
        try state.register(
            LuaFunction(name: "device", parameters: [LuaParameter("id", .string)], doc: "Finds.") { call in
                _ = try call.string(1)
                return .none
            })
        try state.register(
            LuaFunction(name: "second", parameters: [LuaParameter("a", .any), LuaParameter("f", .function)], doc: "Takes two.") { call in
                _ = try call.function(2)
                return .none
            })
        let result = try state.run(
            """
            local _, a = pcall(wait)
            local _, b = pcall(device)
            local _, c = pcall(second, 1)
            return a, b, c
            """, name: "test.lua")
        #expect(result[0].string == "bad argument #1 to 'wait' (number expected, got no value)")
        #expect(result[1].string == "bad argument #1 to 'device' (string expected, got no value)")
        #expect(result[2].string == "bad argument #2 to 'second' (function expected, got no value)")
    }

    @Test func luaErrorCalledFromSwiftHasLocationAndTraceback() throws {
        let state = try makeState()
        let function = try state.load("local function inner() error('deep') end\ninner()", name: "script.lua")
        let error = try #require(throws: LuaScriptError.self) { try state.call(function) }
        #expect(error.message == "script.lua:1: deep")
        #expect(error.traceback?.contains("script.lua:2: in main chunk") == true)
        #expect(try state.run("return 'still usable'")[0].string == "still usable")
    }

    /// An object that describes itself has no position of its own: the report gives the line
    /// it was raised at. Other values read as lua5.4 reads them.
    @Test func errorValuesThatAreNotStrings() throws {
        let state = try makeState()
        let table = try #require(runTask(state, "error({})").failure)
        #expect(table.message == "(error object is a table value)")
        let none = try #require(runTask(state, "error(nil)").failure)
        #expect(none.message == "(error object is a nil value)")
        let described = try #require(
            runTask(state, "\nerror(setmetatable({code = 7}, {__tostring = function(e) return 'E' .. e.code end}))").failure)
        #expect(described.message == "test.lua:2: E7")
        guard case .ref(let value) = described.value else {
            Issue.record("the error table should reach Swift as a ref")
            return
        }
        #expect(try state.field(value, "code").int == 7)
    }

    @Test func errorInTaskResumedByHostIsRaisedAtTheWaitingLine() throws {
        let state = try makeState()
        try state.register(
            LuaFunction(name: "wait", doc: "Suspends.") { _ in .suspend })
        let task = try state.newTask(state.load("local x = 1\nwait()\nreturn x", name: "task.lua"))
        guard case .suspended = state.resume(task) else {
            Issue.record("the task should be suspended")
            return
        }
        let error = try #require(state.resume(task, raising: .string("connection lost")).failure)
        #expect(error.message == "task.lua:2: connection lost")
        #expect(error.traceback?.contains("task.lua:2") == true)
        #expect(try state.run("return 3")[0].int == 3)
    }

    @Test func errorInGcDoesNotBreakTheState() throws {
        let state = try makeState()
        try state.run("setmetatable({}, {__gc = function() error('gc failure') end}) collectgarbage() collectgarbage()")
        #expect(try state.run("return 'alive'")[0].string == "alive")
    }

    @Test func stackOverflowIsCaught() throws {
        let state = try makeState()
        let error = try #require(runTask(state, "local function f(n) return 1 + f(n + 1) end\nf(1)", name: "deep.lua").failure)
        #expect(error.message.contains("stack overflow"))
        #expect(error.message.hasPrefix("deep.lua:1:"))
        #expect(try state.run("return 'alive'")[0].string == "alive")
    }
}
