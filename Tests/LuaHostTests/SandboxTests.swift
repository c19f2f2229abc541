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

    /// Real `string.dump` output, made in a trusted state and carried as bytes
    /// (Swift strings would mangle it): trusted runs it, the others refuse it.
    @Test(arguments: LuaSandbox.allCases)
    func binaryChunksRunOnlyWhenTrusted(sandbox: LuaSandbox) throws {
        let maker = try makeState(.trusted)
        let codes = try #require(maker.run("""
            local chunk = string.dump(function() return 'ran' end)
            return table.concat({chunk:byte(1, -1)}, ',')
            """)[0].string)
        let chunk = codes.split(separator: ",").compactMap { UInt8($0) }
        #expect(chunk.count > 20 && chunk.prefix(4) == [27, 76, 117, 97])

        let state = try makeState(sandbox)
        try state.setGlobal("chunk", .bytes(chunk))
        for call in ["load(chunk)", "load(chunk, 'dumped', 'b')", "load(chunk, 'dumped', 'bt', {})"] {
            let result = try state.run("local f, message = \(call) return f and f() or message")
            if sandbox == .trusted {
                #expect(result[0].string == "ran", "\(call)")
            } else {
                #expect(result[0].string?.contains("attempt to load a binary chunk") == true, "\(call): \(result)")
            }
        }
    }
}
