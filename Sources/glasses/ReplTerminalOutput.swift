import Foundation
import GlassesScript
import LuaHost

/// Writes REPL output after whatever Lua's `print` buffered, so the order on
/// screen is the order things happened.
enum ReplTerminalOutput {
    static var output: ReplOutput {
        ReplOutput(
            standard: { text in
                LuaConsole.flushOutput()
                FileHandle.standardOutput.write(Data(text.utf8))
            },
            error: { text in
                LuaConsole.flushOutput()
                LuaConsole.writeError(text)
            })
    }
}
