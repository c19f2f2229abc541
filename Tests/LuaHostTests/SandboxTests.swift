import Foundation
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

    /// A removed function says which profile removed it and how to get it: by default
    /// the profile that has it (the embedder words its own way, `sandboxAdvice`).
    @Test(arguments: [
        (LuaSandbox.standard, "io.popen('ls')", "io.popen is not available in the standard sandbox; it needs the trusted sandbox"),
        (.standard, "os.execute('ls')", "os.execute is not available in the standard sandbox; it needs the trusted sandbox"),
        (.standard, "debug.getinfo(1)", "debug.getinfo is not available in the standard sandbox; it needs the trusted sandbox"),
        (.strict, "io.open('x')", "io is not available in the strict sandbox; it needs the standard sandbox"),
        (.strict, "os.getenv('HOME')", "os.getenv is not available in the strict sandbox; it needs the standard sandbox"),
        (.strict, "os.execute('ls')", "os.execute is not available in the strict sandbox; it needs the trusted sandbox"),
        (.strict, "string.dump(print)", "string.dump is not available in the strict sandbox"),
        (.strict, "loadfile('x')", "loadfile is not available in the strict sandbox"),
    ])
    func removedFunctionsNameTheirProfileAndTheFlag(sandbox: LuaSandbox, code: String, message: String) throws {
        let state = try makeState(sandbox)
        let result = try state.run("local ok, err = pcall(function() return \(code) end) return ok, tostring(err)")
        #expect(result[0].bool == false)
        #expect(result[1].string?.contains(message) == true, "\(result)")
        // Names no profile removed still read as nil, so feature tests keep working.
        #expect(try state.run("return os.no_such_thing == nil and debug.no_such_thing == nil")[0].bool == true)
    }

    /// Code loaded for a narrower profile than its state's gets that profile's
    /// globals (a strict recipe a standard or trusted script starts).
    @Test(arguments: [LuaSandbox.standard, .trusted])
    func codeLoadedForStrictInAWiderStateSeesOnlyStrict(state sandbox: LuaSandbox) throws {
        let state = try makeState(sandbox)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("narrow-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try "return 'beside'".write(toFile: folder + "/helper.lua", atomically: true, encoding: .utf8)
        try """
            local seen = {}
            for _, code in ipairs({ "return io", "return os.execute", "return os.getenv", "return loadfile",
                "return package", "return debug.getinfo", "return string.dump", "return load('return io')()",
                "return require('io')", "return require('debug').getinfo", "return _G.io" }) do
              local ok, value = pcall(load(code))
              if ok and value ~= nil then seen[#seen + 1] = code end
            end
            return table.concat(seen, "; "), require("helper"), os.time() ~= nil
            """.write(toFile: folder + "/main.lua", atomically: true, encoding: .utf8)
        let source = Array(try Data(contentsOf: URL(fileURLWithPath: folder + "/main.lua")))
        let chunk = try state.load(source, name: folder + "/main.lua", sandbox: .strict, modulePaths: [folder + "/?.lua"])
        let result = try state.call(chunk)
        #expect(result[0].string == "")
        #expect(result[1].string == "beside")
        #expect(result[2].bool == true)
        // The state's own globals are untouched.
        #expect(try state.run("return io ~= nil and os.getenv ~= nil")[0].bool == true)
    }

    /// Strict code in a wider state requires as a strict state does: beneath the module
    /// folder, no link followed, whatever the state's own searcher; modules it loads see
    /// its narrowed globals.
    @Test(arguments: [LuaSandbox.standard, .trusted])
    func strictCodeInAWiderStateRefusesAModuleLinkedOut(state sandbox: LuaSandbox) throws {
        let state = try makeState(sandbox)
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("narrow-link-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: root + "/in", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: root + "/outside", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: root) }
        try "return io == nil and 'narrowed' or 'wide'".write(toFile: root + "/in/helper.lua", atomically: true, encoding: .utf8)
        try "return 'OUTSIDE'".write(toFile: root + "/outside/secret.lua", atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: root + "/in/secret.lua", withDestinationPath: root + "/outside/secret.lua")
        let code = "local ok, err = pcall(require, 'secret') return require('helper'), ok, tostring(err)"
        let chunk = try state.load(Array(code.utf8), name: "main", sandbox: .strict, modulePaths: [root + "/in/?.lua"])
        let result = try state.call(chunk)
        #expect(result[0].string == "narrowed")
        #expect(result[1].bool == false)
        #expect(result[2].string?.contains("symbolic link") == true, "\(result[2])")
    }
}
