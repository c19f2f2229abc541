import Foundation
import Testing

/// Ctrl-Z and `fg` in `glasses repl`. The REPL is the test's own child on its
/// own pseudo-terminal, so the test waits for it to stop instead of sleeping.
@Suite struct ReplJobControlTests {
    @Test func ctrlZGivesTheTerminalBackAndFgRedrawsThePrompt() throws {
        let state = try GlassesProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: state) }
        let repl = try PseudoTerminalProcess(
            arguments: [GlassesProcess.binary, "repl", "--timeout", "30"], environment: ["XDG_STATE_HOME": state, "TERM": "xterm"])
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
        #expect(repl.waitForExit() == 0)
    }
}
