import Foundation
import ScriptTestSupport
import Testing

/// `glasses run --sandbox trusted` against `lua5.4` on the same plain-Lua scripts,
/// and how the CLI reports load errors and limits.
@Suite struct RunnerParityTests {
    static let scripts: [String: String] = [
        "args.lua": "print(select('#', ...), ...) for i = 0, #arg do print(i, arg[i]) end",
        "error.lua": "local function f() error('boom') end\nprint('before')\nf()",
        "error_table.lua": "error({code = 1})",
        "exit.lua": "io.write('partial ') os.exit(7)",
        "exit_bool.lua": "os.exit(false)",
        "require.lua": "local m = require('mymod') print(m.twice(21)) print(require('pl.List')({1, 2}):len())",
        "mymod.lua": "return { twice = function(x) return 2 * x end }",
        "io.lua": "io.write('a', 1, 2.5, '\\n') print(nil, true, {} ~= nil) io.stdout:write('done\\n')",
        "pcall.lua": "print(pcall(error, 'x', 0)) print(select(2, pcall(error)))",
    ]

    @Test(arguments: ["args.lua", "error.lua", "error_table.lua", "exit.lua", "exit_bool.lua", "require.lua", "io.lua", "pcall.lua"])
    func sameStdoutAndExitCodeAsLua(script: String) async throws {
        let folder = try GlassesProcess.folder(Self.scripts)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let environment = ["LUA_PATH": "./?.lua;/usr/share/lua/5.4/?.lua;/usr/share/lua/5.4/?/init.lua"]
        let arguments = [script, "one", "-two", "--three"]
        let lua = try await GlassesProcess.launch("/usr/bin/lua5.4", arguments, in: folder, environment: environment)
        let glasses = try await GlassesProcess.run(["run", "--sandbox", "trusted"] + arguments, in: folder, environment: environment)
        #expect(glasses.stdout == lua.stdout)
        #expect(glasses.code == lua.code)
        if let firstLine = lua.stderr.split(separator: "\n").first, let colon = firstLine.range(of: "lua5.4: ") {
            #expect(glasses.stderr.hasPrefix("glasses: \(firstLine[colon.upperBound...])\n"))
        }
    }

    @Test func syntaxErrorExitsWith2AndNamesTheLocation() async throws {
        let folder = try GlassesProcess.folder(["bad.lua": "x = = 1"])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let result = try await GlassesProcess.run(["run", "bad.lua"], in: folder)
        #expect(result.code == 2)
        #expect(result.stderr == "glasses: bad.lua:1: unexpected symbol near '='\n")
    }

    @Test(arguments: [
        ("loop.lua", "while true do end", ["--timeout", "0.3"], "timeout"),
        ("nested.lua", "coroutine.wrap(function() while true do pcall(function() while true do end end) end end)()", ["--timeout", "0.3"], "timeout"),
        ("rep.lua", "local s = string.rep('x', 1 << 30)", ["--max-memory", "16M"], "memory limit of 16M"),
        ("tables.lua", "local t = {} while true do t[#t + 1] = {1, 2, 3} end", ["--max-memory", "16M"], "memory limit of 16M"),
        ("coroutines.lua", "local t = {} while true do t[#t + 1] = coroutine.create(function() end) end", ["--max-memory", "16M"], "memory limit of 16M"),
    ])
    func limitsExitWith3(script: String, code: String, options: [String], message: String) async throws {
        let folder = try GlassesProcess.folder([script: code])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let result = try await GlassesProcess.run(["run"] + options + [script], in: folder)
        #expect(result.code == 3)
        #expect(result.stderr.contains(message), "stderr: \(result.stderr)")
    }

    /// A script's own exit code may equal the CLI's usage (2) or limit (3) code: the
    /// process exits with it, and nothing on stderr claims a usage error or a limit.
    @Test(arguments: ["exit(2)", "exit(3)", "os.exit(2)", "os.exit(3)"])
    func scriptExitCodesThatCollideWithTheCLIsAreReportedAsTheScriptsOwn(call: String) async throws {
        let folder = try GlassesProcess.folder(["ends.lua": "print('before') \(call) print('after')"])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let result = try await GlassesProcess.run(["run", "ends.lua"], in: folder)
        #expect(result.code == (call.hasSuffix("(2)") ? 2 : 3))
        #expect(result.stdout == "before\n")
        for claim in ["usage", "limit", "timeout", "memory"] {
            #expect(!result.stderr.lowercased().contains(claim), "stderr: \(result.stderr)")
        }
    }
}
