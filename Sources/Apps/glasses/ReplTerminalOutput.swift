#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import GlassesScript
import LuaHost
import WearablesCore

/// Writes REPL output after whatever Lua's `print` buffered, so the order on
/// screen is the order things happened.
enum ReplTerminalOutput {
    static var output: ReplOutput {
        ReplOutput(
            standard: { text in
                LuaConsole.flushOutput()
                RawFile.standardOutput.write(text)
            },
            error: { text in
                LuaConsole.flushOutput()
                LuaConsole.writeError(text)
            })
    }
}
