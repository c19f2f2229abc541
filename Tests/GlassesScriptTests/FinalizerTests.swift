import Foundation
import GlassesScript
import LuaHost
import ScriptTestSupport
import Testing

/// Finalizers at the end of a run: `glasses run` closes the Lua state as
/// `lua5.4` does, so `__gc` runs then; the host is gone by that time, and a
/// finalizer that reaches for it gets an error, never a crash.
@Suite struct FinalizerTests {
    static let scripts: [String: String] = [
        "gc.lua": #"x = setmetatable({}, {__gc = function() print("gc") end})"#,
        "gc_after_error.lua": #"x = setmetatable({}, {__gc = function() print("gc") end}) error("boom")"#,
        // lua5.4's os.exit skips lua_close unless asked.
        "gc_after_exit.lua": #"x = setmetatable({}, {__gc = function() print("gc") end}) os.exit(5)"#,
        "gc_after_exit_closing.lua": #"x = setmetatable({}, {__gc = function() print("gc") end}) os.exit(5, true)"#,
        "gc_exits.lua": #"x = setmetatable({}, {__gc = function() print("gc") os.exit(9) end})"#,
        "order.lua": """
            x = setmetatable({}, {__gc = function() print("gc x") error("oops") end})
            y = setmetatable({}, {__gc = function() print("gc y") end})
            do local z <close> = setmetatable({}, {__close = function() print("close z") end}) end
            local w <close> = setmetatable({}, {__close = function() print("close w") end})
            print("end")
            """,
    ]

    @Test(arguments: ["gc.lua", "gc_after_error.lua", "gc_after_exit.lua", "gc_after_exit_closing.lua", "gc_exits.lua", "order.lua"])
    func finalizersRunAtTheEndAsUnderLua(script: String) async throws {
        let folder = try GlassesProcess.folder(Self.scripts)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let lua = try await GlassesProcess.launch("/usr/bin/lua5.4", [script], in: folder)
        let glasses = try await GlassesProcess.run(["run", "--sandbox", "trusted", script], in: folder)
        #expect(glasses.stdout == lua.stdout)
        #expect(glasses.code == lua.code, "\(glasses.stderr)")
    }

    /// Errors in finalizers are warnings, shown once warnings are on, as in lua5.4.
    @Test func anErrorInAFinalizerAtTheEndIsAWarning() async throws {
        let folder = try GlassesProcess.folder(["warn.lua": #"warn("@on") x = setmetatable({}, {__gc = function() error("oops") end})"#])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let result = try await GlassesProcess.run(["run", "warn.lua"], in: folder)
        #expect(result.code == 0)
        #expect(result.stderr == "Lua warning: error in __gc (warn.lua:1: oops)\n")
    }

    /// Host functions, methods and fields are refused with a message saying why;
    /// the run's exit code is the script's.
    @Test func hostCallsFromFinalizersAtTheEndAreRefused() async throws {
        let script = """
            warn("@on")
            local device = wearables.devices()[1]
            a = setmetatable({}, {__gc = function() log.info("bye") end})
            b = setmetatable({}, {__gc = function() print(pcall(now)) end})
            c = setmetatable({}, {__gc = function() print(pcall(wait, 1)) end})
            d = setmetatable({}, {__gc = function() print(pcall(function() return device.name end)) end})
            e = setmetatable({}, {__gc = function() print(pcall(exit, 4)) end})
            print(device.name ~= nil)
            """
        let folder = try GlassesProcess.folder(["host.lua": script])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let result = try await GlassesProcess.run(["run", "host.lua"], in: folder)
        #expect(result.code == 0, "\(result.stderr)")
        let ending = "cannot be used while the run is ending (in a __gc finalizer run as the Lua state closes)"
        #expect(result.stdout == """
            true
            false\thost.lua:7: 'exit' \(ending)
            false\thost.lua:6: a Device's fields \(ending)
            false\thost.lua:5: 'wait' \(ending)
            false\thost.lua:4: 'now' \(ending)

            """)
        #expect(result.stderr == "Lua warning: error in __gc (host.lua:3: 'log.info' \(ending))\n")
    }

    /// Closing lets go of everything the script's objects held, the runtime included.
    @Test func aClosedRunFreesItsRuntime() throws {
        let script = """
            local session = wearables.session()
            session:start()
            local cam = session:camera{}
            cam:on("frame", function() end):cancel()
            after(1, function() end):cancel()
            spawn(function() wait(1) end):join()
            mock.reset{permissions = {camera = "granted"}}
            """
        let folder = try GlassesProcess.folder(["objects.lua": script])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        weak var freed: ScriptRuntime?
        try {
            let runtime = try ScriptRuntime(options: RunOptions())
            freed = runtime
            let outcome = runtime.close(runtime.run(script: folder + "/objects.lua", arguments: []))
            #expect(outcome.status == .success, "\(outcome.report ?? "")")
        }()
        #expect(freed == nil)
    }
}
