import LuaHost
import Testing

@Suite struct TaskTests {
    /// A state with `wait()` that suspends its task, and the tasks waiting.
    func waitingState() throws -> (LuaState, Counter) {
        let state = try makeState()
        let waits = Counter()
        try state.register(
            LuaFunction(name: "wait", doc: "Suspends until the host resumes.") { call in
                guard call.currentTask != nil else { throw LuaError("attempt to wait outside a task") }
                waits.value += 1
                return .suspend
            })
        return (state, waits)
    }

    @Test func suspendedCallReturnsTheResumeValues() throws {
        let (state, waits) = try waitingState()
        let task = try state.newTask(state.load("local a, b = wait() return a + b", name: "t.lua"))
        guard case .suspended = state.resume(task) else {
            Issue.record("expected a suspension")
            return
        }
        #expect(waits.value == 1)
        #expect(state.resume(task, with: [2, 3]).values?.first?.int == 5)
        #expect(task.isDone)
    }

    @Test func waitInsidePcallWorks() throws {
        let (state, _) = try waitingState()
        let task = try state.newTask(state.load("return pcall(function() return wait() end)", name: "t.lua"))
        state.resume(task)
        let values = try #require(state.resume(task, with: ["late"]).values)
        #expect(values[0].bool == true)
        #expect(values[1].string == "late")
    }

    @Test func waitOutsideATaskIsAClearError() throws {
        let (state, _) = try waitingState()
        let main = try #require(throws: LuaScriptError.self) { try state.run("wait()", name: "main.lua") }
        #expect(main.message == "main.lua:1: attempt to wait outside a task")
        let outsideTask = try #require(throws: LuaScriptError.self) {
            try state.run("coroutine.wrap(function() wait() end)()", name: "co.lua")
        }
        #expect(outsideTask.message.contains("attempt to wait outside a task"))
        let sorted = try #require(runTask(state, "table.sort({3, 1, 2}, function(a, b) wait() return a < b end)").failure)
        #expect(sorted.message.contains("attempt to wait outside a task"))
    }

    @Test func waitInsideTheScriptsOwnCoroutineSuspendsTheTask() throws {
        let (state, waits) = try waitingState()
        let task = try state.newTask(state.load(
            "return coroutine.wrap(function() return coroutine.wrap(function() return wait() + 1 end)() end)()", name: "co.lua"))
        guard case .suspended = state.resume(task) else {
            Issue.record("a wait two coroutines deep suspends the task")
            return
        }
        #expect(waits.value == 1)
        #expect(state.resume(task, with: [41]).values?.first?.int == 42)
    }

    @Test func luaCannotResumeAHostTask() throws {
        let (state, _) = try waitingState()
        let task = try state.newTask(state.load("me = coroutine.running() wait() return 'host resumed'", name: "t.lua"))
        state.resume(task)
        let result = try state.run("return coroutine.resume(me)")
        #expect(result[0].bool == false)
        #expect(result[1].string == "cannot resume a host task with coroutine.resume")
        #expect(state.resume(task).values?.first?.string == "host resumed")
    }

    @Test func bareYieldFromATaskFails() throws {
        let state = try makeState()
        let error = try #require(runTask(state, "coroutine.yield(1)").failure)
        #expect(error.message == "attempt to yield from outside a coroutine")
    }

    @Test func modulesLoadWithRequire() throws {
        let state = try makeState(.strict)
        try state.register(
            LuaModule(
                name: "clock", doc: "Time.",
                functions: [LuaFunction(name: "seconds", returns: [.number], doc: "Seconds.") { _ in .value(42) }]))
        let result = try state.run("return require('clock').seconds(), clock.seconds()")
        #expect(result.map(\.int) == [42, 42])
        #expect(state.bindings.modules.first?.functions.first?.signature == "clock.seconds() -> number")
    }

    @Test func valuesRoundTrip() throws {
        let state = try makeState()
        try state.register(
            LuaFunction(name: "echo", parameters: [.rest()], doc: "Returns a table.") { call in
                .values([.array([1, "two"]), .table(["k": true]), try call.value(1)])
            })
        let result = try state.run("local a, t, f = echo(function() return 9 end) return a[2], t.k, f()")
        #expect(result[0].string == "two")
        #expect(result[1].bool == true)
        #expect(result[2].int == 9)
    }
}
