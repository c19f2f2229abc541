import Foundation
import ScriptTestSupport
import Testing

/// `glasses repl` as a process: driven through a pipe (no prompts) and through a
/// pseudo-terminal (prompts, line editing, Ctrl-C). Each step
/// waits for output, never for time; `--timeout` ends a stuck REPL so a failing
/// test cannot hang.
@Suite struct ReplProcessTests {
    @Test func pipedInputPrintsResultsWithoutPrompts() throws {
        let input = """
            1 + 1
            t = {b = 2, a = {1, 2}}
            t
            for i = 1, 2 do
              print(i)
            end
            error("boom")
            wait(0.05) return "waited"
            .help wearables.devices
            .quit
            'not reached'

            """
        let result = try Self.runPiped(input)
        #expect(result.stdout.hasPrefix("2\n{a = {1, 2}, b = 2}\n1\n2\n\"waited\"\nwearables.devices() -> Device[]\n  "))
        #expect(result.stderr.hasPrefix("stdin:1: boom\nstack traceback:"))
        #expect(!result.stdout.contains("not reached"))
        #expect(result.code == 0)
    }

    @Test func exitEndsTheReplWithItsCode() throws {
        let result = try Self.runPiped("exit(4)\n'not reached'\n")
        #expect(result.code == 4)
        #expect(result.stdout == "")
    }

    @Test func ctrlCStopsARunningChunkAndTheNextCommandWorks() throws {
        let terminal = try Self.terminal()
        try terminal.read(until: "> ")
        try terminal.write("print('loop' .. 'ing') while true do end\n")
        try terminal.read(until: "looping\r\n")
        try terminal.write("\u{3}")
        try terminal.read(until: "interrupted")
        try terminal.write("'after' .. 1\n")
        try terminal.read(until: "\"after1\"")
        try terminal.write(".quit\n")
        #expect(terminal.finish() == 0)
    }

    @Test func anUnfinishedStatementContinuesOnADoublePrompt() throws {
        let terminal = try Self.terminal()
        try terminal.read(until: "> ")
        try terminal.write("for i = 1, 2 do\n")
        try terminal.read(until: ">> ")
        try terminal.write("print(i * 10) end\n")
        try terminal.read(until: "10\r\n")  // the next prompt may come between the lines; each shows above it
        try terminal.read(until: "20\r\n")
        try terminal.write("error('oops')\n")
        try terminal.read(until: "stdin:1: oops")
        try terminal.write("'still' .. ' here'\n")
        try terminal.read(until: "\"still here\"")
        try terminal.write(".quit\n")
        #expect(terminal.finish() == 0)
    }

    @Test func ctrlCAtThePromptCancelsTheLineAndCtrlDLeaves() throws {
        let terminal = try Self.terminal()
        try terminal.read(until: "> ")
        try terminal.write("x = 'never run'")
        try terminal.read(until: "'never run'")
        try terminal.write("\u{3}")
        try terminal.read(until: "\r\n> ")
        try terminal.write("x\n")
        try terminal.read(until: "nil\r\n> ")
        try terminal.write("\u{4}")  // Ctrl-D at an empty prompt leaves
        #expect(terminal.finish() == 0)
    }

    /// A timer prints while a line is half typed: the output appears above the
    /// prompt, which is drawn again with the partial line, and typing goes on.
    @Test func anEventPrintedWhileALineIsHalfTypedKeepsTheLineIntact() throws {
        let terminal = try Self.terminal()
        try terminal.read(until: "> ")
        try terminal.write("every(0.2, function() print('tick') end)\n")
        try terminal.read(until: "> ")
        try terminal.write("'half' .. 'ty")
        try terminal.read(until: "'half' .. 'ty")
        try terminal.read(until: "tick\r\n> 'half' .. 'ty")
        try terminal.write("ped'\n")
        try terminal.read(until: "\"halftyped\"")
        try terminal.write(".quit\n")
        #expect(terminal.finish() == 0)
    }

    @Test func tabCompletesModuleFieldsAndMethods() throws {
        let terminal = try Self.terminal()
        try terminal.read(until: "> ")
        try terminal.write("wearables.registr\t")
        try terminal.read(until: "ation_state")  // the editor redraws from the cursor
        try terminal.write("()\n")
        try terminal.read(until: "\"registered\"")
        try terminal.write("cam = wearables.stream{resolution = 'low', fps = 15}\n")
        try terminal.read(until: "> ")
        try terminal.write("cam:try\t")
        try terminal.read(until: "_capture")  // a method of the userdata, from the registry
        try terminal.write("()\n")
        try terminal.read(until: "false\r\n")  // not streaming yet
        try terminal.write(".quit\n")
        #expect(terminal.finish() == 0)
    }

    /// Ctrl-Z and `fg`: the REPL is the test's own child, so the test waits for
    /// the stop (`waitpid`) instead of sleeping.
    @Test func ctrlZGivesTheTerminalBackAndFgRedrawsThePrompt() throws {
        let repl = try Self.terminal()
        try repl.read(until: "> ")
        try repl.write("abc")
        try repl.read(until: "abc")
        #expect(!repl.isCanonical, "libedit reads keys one at a time")
        try repl.write("\u{1A}")
        #expect(repl.waitUntilStopped())
        #expect(repl.isCanonical, "the shell gets the terminal in the mode the REPL found it in")
        repl.continueRunning()
        try repl.read(until: "> abc")  // the prompt and the half-typed line, drawn again
        #expect(!repl.isCanonical)
        #expect(!repl.echoes, "libedit echoes at the prompt, not the terminal")
        try repl.write("def\n")
        try repl.read(until: "def\r\n")
        try repl.read(until: "nil")
        try repl.write(".quit\n")
        #expect(repl.finish() == 0)
    }

    /// Ctrl-D leaves the shell's prompt on a line of its own.
    @Test func ctrlDEndsWithANewline() throws {
        let terminal = try Self.terminal()
        try terminal.read(until: "> ")
        try terminal.write("\u{4}")
        try terminal.read(until: "\n")
        #expect(terminal.finish() == 0)
    }

    /// A chunk typed over several lines is one history entry, recalled whole.
    @Test func aMultiLineChunkIsOneHistoryEntry() throws {
        let state = try GlassesProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: state) }
        let terminal = try PseudoTerminalProcess(
            arguments: [GlassesProcess.binary, "repl", "--timeout", "20"], environment: ["XDG_STATE_HOME": state, "TERM": "xterm"],
            removing: nil)
        try terminal.read(until: "> ")
        try terminal.write("for i = 1, 2 do\n")
        try terminal.read(until: ">> ")
        try terminal.write("print(i * 10) end\n")
        try terminal.read(until: "20\r\n")
        try terminal.read(until: "> ")
        try terminal.write(".quit\n")
        #expect(terminal.finish() == 0)
        let history = try String(contentsOfFile: state + "/glasses/history", encoding: .utf8)
        let entries = history.split(separator: "\n").filter { $0.contains("do") || $0.contains("print") }
        #expect(entries.count == 1, "\(history)")
        #expect(entries.first.map { $0.contains("do") && $0.contains("print") } == true, "\(history)")
    }

    /// Hitting --max-memory says so, not `(error)`.
    @Test func aMemoryLimitErrorSaysSo() throws {
        let result = try Self.runPiped("local t = {} while true do t[#t + 1] = ('x'):rep(1000) end\n", ["--max-memory", "8M"])
        #expect(result.stderr.contains("memory"), "\(result.stderr)")
        #expect(!result.stderr.contains("(error)"), "\(result.stderr)")
    }

    /// --for and --timeout end a session waiting for input with one line each.
    @Test(arguments: [(["--for", "0.5"], "(--for)", Int32(0)), (["--timeout", "0.5"], "(--timeout)", Int32(3))])
    func theSessionsDeadlineIsOneLine(options: [String], expected: String, code: Int32) throws {
        let input = Pipe()  // held open: the session must end by its deadline, not by the end of input
        let errors = Pipe()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: GlassesProcess.binary)
        process.arguments = ["repl"] + options
        process.standardInput = input
        process.standardOutput = FileHandle.nullDevice
        process.standardError = errors
        try process.run()
        let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        try input.fileHandleForWriting.close()
        #expect(process.terminationStatus == code, "\(stderr)")
        #expect(stderr.filter { $0 == "\n" }.count == 1, "\(stderr)")
        #expect(stderr.contains(expected), "\(stderr)")
    }

    struct Result {
        let stdout: String
        let stderr: String
        let code: Int32
    }

    static func runPiped(_ input: String, _ options: [String] = []) throws -> Result {
        let folder = try GlassesProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let inPath = folder + "/stdin", outPath = folder + "/stdout", errPath = folder + "/stderr"
        _ = FileManager.default.createFile(atPath: inPath, contents: Data(input.utf8))
        _ = FileManager.default.createFile(atPath: outPath, contents: nil)
        _ = FileManager.default.createFile(atPath: errPath, contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: GlassesProcess.binary)
        process.arguments = ["repl", "--timeout", "20"] + options
        process.standardInput = FileHandle(forReadingAtPath: inPath)
        process.standardOutput = FileHandle(forWritingAtPath: outPath)
        process.standardError = FileHandle(forWritingAtPath: errPath)
        try process.run()
        process.waitUntilExit()
        return Result(
            stdout: (try? String(contentsOfFile: outPath, encoding: .utf8)) ?? "",
            stderr: (try? String(contentsOfFile: errPath, encoding: .utf8)) ?? "",
            code: process.terminationStatus)
    }

    /// `glasses repl` on a pseudo-terminal of its own, with its history in a
    /// folder of its own that goes when the process does.
    static func terminal() throws -> PseudoTerminalProcess {
        let state = try GlassesProcess.temporaryDirectory()
        return try PseudoTerminalProcess(
            arguments: [GlassesProcess.binary, "repl", "--timeout", "20"], environment: ["XDG_STATE_HOME": state, "TERM": "xterm"],
            removing: state)
    }
}
