import LuaHost
import Testing

@Suite struct SandboxTests {
    func absent(_ names: [String], in sandbox: LuaSandbox) throws -> [String] {
        let state = try makeState(sandbox)
        return try names.filter { name in
            try state.run("local ok, v = pcall(function() return \(name) end) return ok and v ~= nil")[0].bool == true
        }
    }

    @Test func standardRemovesProcessAndCEscapes() throws {
        let present = try absent(
            ["os.execute", "io.popen", "package.loadlib", "debug.getregistry", "debug.sethook", "package.searchers[3]"],
            in: .standard)
        #expect(present == [])
        #expect(try absent(["io.open", "os.getenv", "debug.traceback", "require"], in: .standard).count == 4)
    }

    @Test func strictRemovesFilesAndPackage() throws {
        let present = try absent(
            ["io", "os.execute", "os.getenv", "os.remove", "os.exit", "dofile", "loadfile", "package", "string.dump",
             "debug.getregistry"], in: .strict)
        #expect(present == [])
        #expect(try absent(["os.time", "os.clock", "os.date", "load", "require", "string.format"], in: .strict).count == 6)
    }

    @Test func trustedKeepsEverything() throws {
        #expect(try absent(["os.execute", "io.popen", "debug.getregistry", "package.loadlib"], in: .trusted).count == 4)
    }

    @Test func strictEscapesFail() throws {
        let state = try makeState(.strict)
        let escapes = [
            "return load('return io', 'x', 't', _G)()",
            "return load('return os.execute', 'x', 't', {os = os})()",
            "return load(string.dump(function() end))",
            "return getmetatable('').__index",
            "return debug.getregistry()",
            "return package.loaded.io",
            "return require('io')",
        ]
        for code in escapes {
            let result = try state.run("local ok, v = pcall(function() \(code) end) return ok and v ~= nil")
            #expect(result[0].bool == false, "escape succeeded: \(code)")
        }
    }

    @Test func binaryChunksAreRefusedOutsideTrusted() throws {
        for sandbox in [LuaSandbox.standard, .strict] {
            let state = try makeState(sandbox)
            let result = try state.run(
                "local ok, f = pcall(load, '\\27Lua') return f == nil or type(f) == 'string'")
            #expect(result[0].bool == true)
        }
        let trusted = try makeState(.trusted)
        #expect(try trusted.run("return type(load(string.dump(function() return 1 end)))")[0].string == "function")
    }
}
