import LuaHost
import Testing

/// What a hostile script reaches in-process: the embedding must hold without
/// a crash, and the state must say what happened.
@Suite struct HostileInputTests {
    final class Token {}

    @Test func aForeignUserdataIsNeverTakenForAHostObject() throws {
        let state = try makeState(.trusted)
        try state.register(LuaClass(Token.self, name: "Token", doc: "A host object."))
        try state.setGlobal("token", .object(Token()))
        let results = try state.run("""
            local mt = debug.getmetatable(token)
            debug.setmetatable(io.stdout, mt)
            return getmetatable(token).__name, getmetatable(token).__gc, pcall(mt.__gc, io.stdout), tostring(io.stdout)
            """)
        #expect(results[0].string == "Token")
        #expect(results[1].isNil)
        #expect(results[2].bool == true)
        #expect(results[3].string == "Token (no longer valid)")
    }

    @Test func discardingATaskRunsItsPendingCloseHandlers() throws {
        let state = try makeState()
        try state.register(LuaFunction(name: "wait", doc: "Suspends.") { _ in .suspend })
        let task = try state.newTask(state.load("""
            local a <close> = setmetatable({}, { __close = function() closed = (closed or "") .. "a" end })
            local b <close> = setmetatable({}, { __close = function() closed = (closed or "") .. "b" end })
            wait()
            """, name: "t.lua"))
        state.resume(task)
        #expect(state.discard(task) == nil)
        #expect(try state.global("closed").string == "ba")
        #expect(task.isDone)
    }

    @Test func anErrorInACloseHandlerIsReturnedByDiscard() throws {
        let state = try makeState()
        try state.register(LuaFunction(name: "wait", doc: "Suspends.") { _ in .suspend })
        let task = try state.newTask(state.load("""
            local a <close> = setmetatable({}, { __close = function() error("close failed") end })
            wait()
            """, name: "t.lua"))
        state.resume(task)
        #expect(state.discard(task)?.message.contains("close failed") == true)
    }

    @Test func binaryStringsCrossTheHostByteForByte() throws {
        let state = try makeState()
        let bytes: [UInt8] = [0xFF, 0x00, 0x80, 0x61, 0xC0]
        let echo = try state.load("return ...", name: "echo")
        let back = try state.call(echo, [.bytes(bytes), .string("héllo")])
        guard case .bytes(let returned) = back[0] else {
            Issue.record("invalid UTF-8 must come back as bytes, got \(back[0])")
            return
        }
        #expect(returned == bytes)
        #expect(back[1].string == "héllo")
    }

    /// Limit messages name the limit as the embedder's users set it, when the embedder says how.
    @Test func limitMessagesUseTheEmbeddersNames() throws {
        let names = LuaLimitNames(memory: "--max-memory", timeout: "--timeout")
        let state = try LuaState(options: LuaStateOptions(memoryLimit: 4 << 20, limitNames: names))
        #expect(throws: LuaError.self) { _ = try state.chargeMemory(8 << 20, for: "a test") }
        guard case .limit(let message) = state.stop else {
            Issue.record("a refused charge stops the state with a limit")
            return
        }
        #expect(message.hasPrefix("memory limit of 4M (--max-memory) exceeded by a test"), "\(message)")
        let spent = try LuaState(options: LuaStateOptions(timeout: 0, limitNames: names))
        guard case .limit(let timeout) = spent.stop else {
            Issue.record("a spent timeout stops the state")
            return
        }
        #expect(timeout == "timeout: the script ran longer than 0 seconds (--timeout)", "\(timeout)")
    }

    @Test func hostMemoryCountsAgainstTheCapAndIsReleased() throws {
        let state = try makeState(memoryLimit: 4 << 20)
        var held: [LuaMemoryCharge] = []
        held.append(try state.chargeMemory(1 << 20, for: "a test"))
        #expect(state.hostMemoryUsed == 1 << 20)
        held.removeAll()
        #expect(state.hostMemoryUsed == 0)
        #expect(throws: LuaError.self) { _ = try state.chargeMemory(8 << 20, for: "a test") }
        guard case .limit(let message) = state.stop else {
            Issue.record("a refused charge stops the state with a limit")
            return
        }
        #expect(message.contains(" exceeded by a test"))
        // The embedder names the limit as its users set it; LuaHost names no flag of its own.
        #expect(!message.contains("--"), "\(message)")
    }

    @Test func objectsWithAMemoryCostAreChargedUntilCollected() throws {
        let state = try makeState(memoryLimit: 64 << 20)
        try state.register(LuaClass(Token.self, name: "Token", doc: "A heavy host object.", memoryCost: { _ in 1 << 20 }))
        try state.register(LuaFunction(name: "token", returns: [.named("Token")], doc: "A new token.") { _ in .value(.object(Token())) })
        try state.run("held = { token(), token() }")
        #expect(state.hostMemoryUsed == 2 << 20)
        try state.run("held = nil collectgarbage() collectgarbage()")
        #expect(state.hostMemoryUsed == 0)
    }
}
