import MessageText
/// What may name a recipe: its folder's name without `.recipe`. One rule for every name
/// that comes from outside, checked where it is parsed (a lock's entries and what they
/// require, an index's entries, a recipe's metadata, `recipe uninstall`): a name is
/// joined to a folder to find, install or delete a recipe, so `../../victim` would
/// reach outside it, and it is printed, so an escape sequence would reach the terminal.
public enum RecipeName {
    /// A folder name's limit (255 bytes) less `.recipe`.
    public static let maxBytes = 255 - ".recipe".utf8.count

    /// What a name may hold, for messages.
    public static let rule = "a recipe name is its folder's name without .recipe: no '/' or '\\', not starting with '.', no control characters, at most \(maxBytes) bytes"

    /// Why `name` cannot name a recipe, or nil when it can.
    public static func problem(_ name: String) -> String? {
        let shown = "'\(TerminalText.quoted(name))'"
        if name.isEmpty { return "an empty name is not a recipe name (\(rule))" }
        if name.utf8.count > maxBytes { return "\(shown) is not a recipe name: it is \(name.utf8.count) bytes (\(rule))" }
        if name.hasPrefix(".") { return "\(shown) is not a recipe name: it starts with '.' (\(rule))" }
        if name.contains("/") || name.contains("\\") { return "\(shown) is not a recipe name: it holds a path separator (\(rule))" }
        if name.unicodeScalars.contains(where: TerminalText.isUnsafe) {
            return "\(shown) is not a recipe name: it holds control characters (\(rule))"
        }
        return nil
    }
}
