import CLineEditor
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import GlassesScript
import Locking
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Line editing through libedit: history kept in the user's state directory, Tab
/// completion from a provider (the REPL session, reached on its own thread), and
/// keys read through the ``ReplTerminal`` so output can appear above the prompt.
final class ReplLineEditor: Sendable {
    /// Completes the word before the cursor; set before the first `readLine`.
    static let completer = Locked<(@Sendable (String) -> [String])?>(nil)
    /// Where libedit's key-reading C callback finds the terminal.
    private static let terminal = Locked<ReplTerminal?>(nil)
    private let historyPath: String?
    private let screen: ReplTerminal
    /// The lines of the chunk being typed: it goes into history as one entry once
    /// complete, so recalling it brings back the whole loop, not its last line.
    private let chunk = Locked<[String]>([])

    struct Unavailable: Error, CustomStringConvertible {
        let description: String
    }

    init(terminal: ReplTerminal) throws(Unavailable) {
        var error = [CChar](repeating: 0, count: 512)
        guard gs_edit_open(&error, error.count) == 0 else {
            throw Unavailable(description: String(decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
        }
        screen = terminal
        Self.terminal.withLock { $0 = terminal }
        setlocale(LC_CTYPE, "")  // so libedit encodes what is typed in the user's (UTF-8) locale
        gs_edit_use_terminal(fdopen(terminal.terminal, "w")) { _ in
            ReplLineEditor.terminal.withLock { $0 }?.nextKey() ?? -1
        }
        historyPath = Self.prepareHistoryFile()
        gs_edit_stifle_history(1000)  // the first call sets libedit up, after gs_edit_use_terminal
        if let historyPath { gs_edit_read_history(historyPath) }
        terminal.readKeysUnbuffered()
        gs_edit_configure { text, _, _ in
            gs_edit_no_default_completion()
            guard let text, let complete = ReplLineEditor.completer.withLock({ $0 }) else { return nil }
            return ReplLineEditor.matches(complete(String(cString: text)))
        }
    }

    /// Draws the prompt and the line being edited again (on the editor's thread).
    static func redisplay() { gs_edit_redisplay() }

    /// Makes the editor read the terminal's size again (on the editor's thread).
    static func resize() { gs_edit_resize() }

    /// Shows `prompt` and reads one edited line.
    func readLine(prompt: String) -> ReplInput {
        // A first-line prompt means the lines before made a whole chunk (or were dropped).
        if prompt != ReplSession.continuationPrompt { remember() }
        screen.beginPrompt()
        let raw = gs_edit_readline(prompt)
        defer { free(raw) }
        if screen.endPrompt() {
            chunk.withLock { $0 = [] }
            return .cancelled
        }
        guard let raw else {
            // Ctrl-D: the shell's prompt goes on a line of its own.
            _ = "\r\n".withCString { write(screen.terminal, $0, 2) }
            return .end
        }
        let line = String(cString: raw)
        chunk.withLock { $0.append(line) }
        return .line(line)
    }

    private func remember() {
        let entry = chunk.withLock { lines in
            defer { lines = [] }
            return lines.joined(separator: "\n")
        }
        guard !entry.allSatisfy(\.isWhitespace) else { return }
        gs_edit_add_history(entry)
        if let historyPath { gs_edit_write_history(historyPath) }
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
