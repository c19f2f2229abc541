import LuaHost
import Testing

@Suite struct LimitTests {
    @Test func instructionBudgetStopsAnEndlessLoopEvenUnderPcall() throws {
        let state = try makeState(instructionLimit: 100_000)
        let result = try runTask(state, "while true do pcall(function() while true do end end) end")
        guard case .stopped(.limit(let message)) = result else {
            Issue.record("expected a limit stop, got \(result)")
            return
        }
        #expect(message.contains("instruction budget"))
    }

    @Test func memoryCapFailsTheAllocationAndTheStateStaysUsable() throws {
        let state = try makeState(memoryLimit: 8 << 20)
        let result = try state.run("return pcall(string.rep, 'x', 64 * 1024 * 1024)")
        #expect(result[0].bool == false)
        #expect(result[1].string == "not enough memory")
        #expect(state.memoryLimitWasHit)
        #expect(try state.run("return #string.rep('x', 1000)")[0].int == 1000)
    }

    /// A budget no clock can hold is clamped to the longest, so the chunk finishes.
    @Test(arguments: [Double.infinity, 1e300, LuaStateOptions.longestTimeout * 2])
    func anEndlessTimeoutIsClampedAndLetsTheChunkFinish(timeout: Double) throws {
        let state = try LuaState(options: LuaStateOptions(timeout: timeout))
        #expect(try runTask(state, "return 1 + 1").values?.first?.int == 2)
        #expect(state.stop == nil)
    }

    /// A budget of nothing stops the state before its first chunk, without
    /// racing the watchdog thread.
    @Test(arguments: [0, -1, Double.nan, -Double.infinity])
    func aTimeoutOfNothingStopsTheFirstChunk(timeout: Double) throws {
        let state = try LuaState(options: LuaStateOptions(timeout: timeout))
        guard case .stopped(.limit(let message)) = try runTask(state, "return 1 + 1") else {
            Issue.record("expected the timeout to stop the chunk")
            return
        }
        #expect(message.contains("timeout"))
    }

    @Test func exitCannotBeSwallowedByPcall() throws {
        let state = try makeState()
        let result = try runTask(state, "for i = 1, 3 do pcall(os.exit, 5) end return 'kept going'")
        guard case .stopped(.exit(let code)) = result else {
            Issue.record("expected an exit stop, got \(result)")
            return
        }
        #expect(code == 5)
    }

    @Test func interruptStopsTheRunningCoroutine() throws {
        let state = try makeState()
        let handle = state.interruptHandle
        try state.register(
            LuaFunction(name: "interrupt_me", doc: "Interrupts, as another thread would.") { _ in
                handle.interrupt(message: "Ctrl-C")
                return .none
            })
        let result = try runTask(state, "coroutine.wrap(function() interrupt_me() while true do end end)()")
        guard case .stopped(.interrupted(let message)) = result else {
            Issue.record("expected an interrupt, got \(result)")
            return
        }
        #expect(message == "Ctrl-C")
        state.clearStop()
        #expect(try state.run("return 'usable'")[0].string == "usable")
    }

    @Test func byteCounts() {
        #expect(LuaByteCount.parse("64M") == 64 << 20)
        #expect(LuaByteCount.parse("512k") == 512 << 10)
        #expect(LuaByteCount.parse("1000") == 1000)
        #expect(LuaByteCount.parse("lots") == nil)
        #expect(LuaByteCount.format(64 << 20) == "64M")
    }
}
