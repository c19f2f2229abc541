import Foundation
import Synchronization

/// Reads one line at a time from stdin on a background thread, so the event loop
/// keeps running while the user types. Prompts and line editing only on a terminal.
final class ReplLineReader: Sendable {
    let interactive: Bool
    private let reading = Atomic<Bool>(false)
    private let editor: ReplLineEditor?

    init(interactive: Bool) {
        self.interactive = interactive
        editor = interactive ? ReplLineEditor() : nil
    }

    /// Whether the user is at the prompt (Ctrl-C then does not interrupt Lua).
    var isReading: Bool { reading.load(ordering: .acquiring) }

    /// Reads the next line on another thread and hands it (nil at end of input) to `deliver`.
    func request(prompt: String, deliver: @escaping @Sendable (String?) -> Void) {
        reading.store(true, ordering: .releasing)
        Thread.detachNewThread { [self] in
            let line = editor.map { $0.readLine(prompt: prompt) } ?? Swift.readLine(strippingNewline: true)
            reading.store(false, ordering: .releasing)
            deliver(line)
        }
    }
}
