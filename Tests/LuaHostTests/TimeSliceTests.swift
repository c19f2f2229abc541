import LuaHost
import Testing

/// `LuaState.sliceTasks(every:)`: a task that runs past its slice is preempted where
/// its coroutines can yield, and resuming it goes on exactly there, invisibly to the
/// script. A slice of a microsecond ends at every hook check, so these tests see
/// preemptions whatever the machine's speed.
@Suite struct TimeSliceTests {
    /// Resumes `task` (with `values` the first time) until it is no longer preempted.
    func resumeThroughSlices(_ state: LuaState, _ task: LuaTask, with values: [LuaValue] = []) -> (LuaResumeResult, preemptions: Int) {
        var preemptions = 0
        var result = state.resume(task, with: values)
        while case .preempted = result {
            preemptions += 1
            result = state.resume(task)
        }
        return (result, preemptions)
    }

    func slicedState() throws -> LuaState {
        let state = try makeState()
        state.sliceTasks(every: 1e-6)
        return state
    }

    @Test func aBusyTaskIsPreemptedAndFinishesWithItsValue() throws {
        let state = try slicedState()
        let task = try state.newTask(state.load("local n = 0 for i = 1, 200000 do n = n + i end return n", name: "busy.lua"))
        let (result, preemptions) = resumeThroughSlices(state, task)
        #expect(result.values?.first?.int == 20_000_100_000)
        #expect(preemptions > 10, "a slice of 1 µs ends at each hook check")
    }

    @Test func withoutSlicesABusyTaskRunsToItsEndInOneResume() throws {
        let state = try makeState()
        let task = try state.newTask(state.load("local n = 0 for i = 1, 200000 do n = n + i end return n", name: "busy.lua"))
        let (result, preemptions) = resumeThroughSlices(state, task)
        #expect(result.values?.first?.int == 20_000_100_000)
        #expect(preemptions == 0)
    }

    /// A preemption inside the script's own coroutine suspends the whole task; the
    /// coroutine's yields and statuses are those of `lua5.4`.
    @Test func aPreemptionInsideAUserCoroutineIsInvisibleToIt() throws {
        let state = try slicedState()
        let task = try state.newTask(state.load("""
            local gen = coroutine.wrap(function()
              for round = 1, 3 do
                local s = 0
                for j = 1, 20000 do s = s + j end
                coroutine.yield(s + round)
              end
            end)
            local co = coroutine.create(function(a) for j = 1, 20000 do end return a * 2, coroutine.status(coroutine.running()) end)
            local ok, doubled, status = coroutine.resume(co, 21)
            return gen(), gen(), gen(), ok, doubled, status, coroutine.status(co)
            """, name: "gen.lua"))
        let (result, preemptions) = resumeThroughSlices(state, task)
        let values = try #require(result.values, "\(result)")
        #expect(values.prefix(3).map(\.int) == [200_010_001, 200_010_002, 200_010_003])
        #expect(values[3].bool == true)
        #expect(values[4].int == 42)
        #expect(values[5].string == "running")
        #expect(values[6].string == "dead")
        #expect(preemptions > 10)
    }

    @Test func aHostWaitStillSuspendsASlicedTask() throws {
        let state = try slicedState()
        try state.register(LuaFunction(name: "wait", doc: "Suspends until the host resumes.") { _ in .suspend })
        let task = try state.newTask(state.load("local n = 0 for i = 1, 100000 do n = n + 1 end return n + wait()", name: "wait.lua"))
        let (waiting, preemptions) = resumeThroughSlices(state, task)
        guard case .suspended = waiting else {
            Issue.record("expected the wait to suspend the task, got \(waiting)")
            return
        }
        #expect(preemptions > 0)
        #expect(resumeThroughSlices(state, task, with: [5]).0.values?.first?.int == 100_005)
    }

    /// Inside a `table.sort` comparator Lua cannot yield: the slice runs on, no error.
    @Test func whereLuaCannotYieldTheSliceRunsOn() throws {
        let state = try slicedState()
        let task = try state.newTask(state.load("""
            local t = {} for i = 1, 300 do t[i] = 301 - i end
            table.sort(t, function(a, b) for k = 1, 200 do end return a < b end)
            return t[1], t[300]
            """, name: "sort.lua"))
        let values = try #require(resumeThroughSlices(state, task).0.values)
        #expect(values.map(\.int) == [1, 300])
    }

    /// An interrupt that comes while the task is between slices ends it at its next resume.
    @Test func anInterruptBetweenSlicesStopsTheTask() throws {
        let state = try slicedState()
        let task = try state.newTask(state.load("while true do end", name: "loop.lua"))
        guard case .preempted = state.resume(task) else {
            Issue.record("a loop is preempted")
            return
        }
        state.interruptHandle.interrupt(message: "enough")
        guard case .stopped(.interrupted(let message)) = state.resume(task) else {
            Issue.record("the interrupt stops the task")
            return
        }
        #expect(message == "enough")
    }
}
