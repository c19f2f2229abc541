extension StringProtocol {
    /// The text without leading and trailing spaces and tabs (newlines kept), as
    /// Foundation's `trimmingCharacters(in: .whitespaces)` does, without linking Foundation.
    public func trimmingWhitespace() -> String {
        let isBlank: (Character) -> Bool = { character in
            character.unicodeScalars.allSatisfy { $0 == "\t" || $0.properties.generalCategory == .spaceSeparator }
        }
        guard let first = firstIndex(where: { !isBlank($0) }), let last = lastIndex(where: { !isBlank($0) }) else { return "" }
        return String(self[first...last])
    }
}
