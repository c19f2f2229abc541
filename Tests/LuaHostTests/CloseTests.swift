import Foundation
import LuaHost
import Testing

/// ``LuaState/close()``: finalizers run as under lua5.4's `lua_close`, and the
/// host is out of their reach.
@Suite struct CloseTests {
    /// The finalizer writes what it saw to a file: nothing else outlives the state.
    private func finalizerReport(_ finalizer: String, setUp: (LuaState) throws -> Void = { _ in }) throws -> (String, LuaState) {
        let path = NSTemporaryDirectory() + "glasses-close-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: path) }
        let state = try makeState()
        try setUp(state)
        let code = """
            local path = ...
            x = setmetatable({}, {__gc = function()
              local f = io.open(path, "w")
              f:write(\(finalizer))
              f:close()
            end})
            """
        try state.call(state.load(code, name: "close.lua"), [.string(path)])
        state.close()
        return ((try? String(contentsOfFile: path, encoding: .utf8)) ?? "(no report)", state)
    }

    /// The finalizer appends, so a second run (a second close, or a finalizer the close
    /// ran twice) would show as "gcgc".
    @Test func closeRunsFinalizersOnce() throws {
        let path = NSTemporaryDirectory() + "glasses-close-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: path) }
        let state = try makeState()
        let code = """
            local path = ...
            x = setmetatable({}, {__gc = function()
              local f = io.open(path, "a")
              f:write("gc")
              f:close()
            end})
            """
        try state.call(state.load(code, name: "close.lua"), [.string(path)])
        state.close()
        #expect(state.isClosed)
        state.close()
        #expect((try? String(contentsOfFile: path, encoding: .utf8)) == "gc")
    }

    @Test func hostFunctionsRaiseFromFinalizersAtClose() throws {
        let calls = Counter()
        let (report, _) = try finalizerReport("select(2, pcall(record))") { state in
            try state.register(LuaFunction(name: "record", doc: "Counts.") { _ in
                calls.value += 1
                return .none
            })
        }
        #expect(calls.value == 0)
        #expect(report == "close.lua:4: 'record' cannot be used while the run is ending (in a __gc finalizer run as the Lua state closes)")
    }

    @Test func userdataIsReleasedAtCloseAndRefsGoInert() throws {
        let deinits = Counter()
        let state = try UserdataTests().cameraState(deinits)
        try state.run("cam = new_camera()")
        let function = try state.run("return function() end").first
        state.close()
        #expect(deinits.value == 1)
        guard case .ref(let ref)? = function else { Issue.record("no function"); return }
        #expect(ref.typeName == "no value")
    }

    @Test func stopsStayReadableAfterClose() throws {
        let state = try makeState()
        _ = try runTask(state, "os.exit(4, true)")
        #expect(state.exitClosesState)
        state.close()
        #expect(state.stop == .exit(code: 4))
        #expect(state.memoryUsed == 0)
    }

    @Test func osExitWithoutCloseLeavesTheStateOpen() throws {
        let state = try makeState()
        _ = try runTask(state, "os.exit(4)")
        #expect(state.stop == .exit(code: 4))
        #expect(!state.exitClosesState)
    }
}
