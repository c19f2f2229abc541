#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Locking
import WearablesCore

/// What the reader hands the REPL: a line, a line cancelled with Ctrl-C, or the
/// end of input (Ctrl-D or the end of piped input).
enum ReplInput: Sendable {
    case line(String)
    case cancelled
    case end
}

/// Reads one line at a time from stdin on a background thread, so the event loop
/// keeps running while the user types. Prompts and line editing only on a terminal.
final class ReplLineReader: Sendable {
    private let reading = AtomicValue<Bool>(false)
    private let editor: ReplLineEditor?

    /// `terminal` is nil when stdin is not a terminal: lines are then read plainly.
    init(terminal: ReplTerminal?) throws {
        editor = try terminal.map(ReplLineEditor.init(terminal:))
    }

    var interactive: Bool { editor != nil }

    /// Whether the user is at the prompt (Ctrl-C then cancels the line, not Lua).
    var isReading: Bool { reading.load() }

    /// Reads the next line on another thread and hands it to `deliver`.
    func request(prompt: String, deliver: @escaping @Sendable (ReplInput) -> Void) {
        reading.store(true)
        DetachedThread.start { [self] in
            let input = editor.map { $0.readLine(prompt: prompt) }
                ?? Swift.readLine(strippingNewline: true).map(ReplInput.line) ?? .end
            reading.store(false)
            deliver(input)
        }
    }
}
