/// Text from elsewhere (an index, a lock, a recipe's metadata) made safe to print: a
/// control character (an escape sequence retitles or clears a terminal), a format
/// character (a bidirectional override reorders what is shown) or a line separator is
/// shown as `\u{1B}`, never sent as is; the rest passes unchanged.
public enum TerminalText {
    /// Whether `scalar` must not reach a terminal as is.
    public static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator: true
        default: false
        }
    }

    /// `text` with every unsafe scalar written as `\u{HEX}`.
    public static func escaped(_ text: some StringProtocol) -> String {
        guard text.unicodeScalars.contains(where: isUnsafe) else { return String(text) }
        var shown = ""
        for scalar in text.unicodeScalars {
            if isUnsafe(scalar) {
                shown += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            } else {
                shown.unicodeScalars.append(scalar)
            }
        }
        return shown
    }

    /// ``escaped(_:)``, cut to about `limit` characters (saying how long it was): for
    /// quoting what a file holds in a one-line message.
    public static func quoted(_ text: some StringProtocol, limit: Int = 80) -> String {
        let shown = escaped(text.count > limit ? text.prefix(limit) : text[...])
        return text.count > limit ? shown + "… (\(text.utf8.count) bytes)" : shown
    }
}
