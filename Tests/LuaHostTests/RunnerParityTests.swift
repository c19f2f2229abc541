import Foundation
import Testing

/// Runs the built `glasses` binary next to this test bundle (or $GLASSES_BIN):
/// `swift build` / `swift test` build it, so no Package.swift dependency is needed.
enum Binaries {
    static var glasses: String {
        if let path = ProcessInfo.processInfo.environment["GLASSES_BIN"] { return path }
        let executable = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        var folder = URL(fileURLWithPath: executable).deletingLastPathComponent()
        while folder.path != "/", !FileManager.default.fileExists(atPath: folder.appendingPathComponent("glasses").path) {
            folder.deleteLastPathComponent()
        }
        return folder.appendingPathComponent("glasses").path
    }

    struct Result: Equatable {
        let stdout: String
        let stderr: String
        let code: Int32
    }

    static func run(_ tool: String, _ arguments: [String], in folder: URL, environment: [String: String] = [:]) throws -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool.hasPrefix("/") ? tool : "/usr/bin/\(tool)")
        process.arguments = arguments
        process.currentDirectoryURL = folder
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(stdout: String(decoding: stdout, as: UTF8.self), stderr: String(decoding: stderr, as: UTF8.self), code: process.terminationStatus)
    }

    /// A temporary folder holding `files`.
    static func folder(_ files: [String: String]) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("luahost-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for (name, text) in files { try text.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8) }
        return folder
    }
}

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
    func sameStdoutAndExitCodeAsLua(script: String) throws {
        let folder = try Binaries.folder(Self.scripts)
        defer { try? FileManager.default.removeItem(at: folder) }
        let environment = ["LUA_PATH": "./?.lua;/usr/share/lua/5.4/?.lua;/usr/share/lua/5.4/?/init.lua"]
        let arguments = [script, "one", "-two", "--three"]
        let lua = try Binaries.run("lua5.4", arguments, in: folder, environment: environment)
        let glasses = try Binaries.run(Binaries.glasses, ["run", "--sandbox", "trusted"] + arguments, in: folder, environment: environment)
        #expect(glasses.stdout == lua.stdout)
        #expect(glasses.code == lua.code)
        if let firstLine = lua.stderr.split(separator: "\n").first, let colon = firstLine.range(of: "lua5.4: ") {
            #expect(glasses.stderr.hasPrefix("glasses: \(firstLine[colon.upperBound...])\n"))
        }
    }

    @Test func syntaxErrorExitsWith2AndNamesTheLocation() throws {
        let folder = try Binaries.folder(["bad.lua": "x = = 1"])
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try Binaries.run(Binaries.glasses, ["run", "bad.lua"], in: folder)
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
    func limitsExitWith3(script: String, code: String, options: [String], message: String) throws {
        let folder = try Binaries.folder([script: code])
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try Binaries.run(Binaries.glasses, ["run"] + options + [script], in: folder)
        #expect(result.code == 3)
        #expect(result.stderr.contains(message), "stderr: \(result.stderr)")
    }
}
