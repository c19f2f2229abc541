import CEditLine
import Foundation
import Synchronization

/// Line editing through libedit: history kept in the user's state directory and
/// Tab completion from a provider (the REPL session, reached on its own thread).
final class ReplLineEditor: Sendable {
    /// Completes the word before the cursor; set before the first `readLine`.
    static let completer = Mutex<(@Sendable (String) -> [String])?>(nil)
    private let historyPath: String?

    init() {
        historyPath = Self.prepareHistoryFile()
        stifle_history(1000)
        if let historyPath { read_history(historyPath) }
        gs_edit_configure { text, _, _ in
            gs_edit_no_default_completion()
            guard let text, let complete = ReplLineEditor.completer.withLock({ $0 }) else { return nil }
            return ReplLineEditor.matches(complete(String(cString: text)))
        }
    }

    /// Shows `prompt` and reads one edited line; nil on Ctrl-D.
    func readLine(prompt: String) -> String? {
        guard let raw = readline(prompt) else { return nil }
        defer { free(raw) }
        let line = String(cString: raw)
        if !line.allSatisfy(\.isWhitespace) {
            add_history(raw)
            if let historyPath { write_history(historyPath) }
        }
        return line
    }

    /// `$XDG_STATE_HOME/glasses/history`, else `~/.local/state/glasses/history`; nil
    /// (no persistent history) when the folder cannot be made.
    private static func prepareHistoryFile() -> String? {
        let environment = ProcessInfo.processInfo.environment
        let base: String
        if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") {
            base = state
        } else if let home = environment["HOME"], !home.isEmpty {
            base = home + "/.local/state"
        } else {
            return nil
        }
        let folder = base + "/glasses"
        guard (try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)) != nil else {
            return nil
        }
        return folder + "/history"
    }

    /// readline's match list: the common prefix first, then the candidates, then NULL.
    private static func matches(_ candidates: [String]) -> UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? {
        guard let first = candidates.first else { return nil }
        var prefix = Substring(first)
        for candidate in candidates.dropFirst() {
            while !candidate.hasPrefix(prefix) { prefix = prefix.dropLast() }
        }
        let list = [String(prefix)] + (candidates.count > 1 ? candidates : [])
        guard let array = calloc(list.count + 1, MemoryLayout<UnsafeMutablePointer<CChar>?>.stride)?
            .assumingMemoryBound(to: UnsafeMutablePointer<CChar>?.self)
        else { return nil }
        for (index, text) in list.enumerated() { array[index] = strdup(text) }
        return array
    }
}
