/// Greedy line breaking at spaces, shared by the layout (how high a text is) and the
/// renderer (where each line goes), so the two never disagree. Like CSS `white-space:
/// normal` with `overflow-wrap: normal`: a word wider than the line stays whole and overflows.
enum TextLines {
    /// The half-open ranges of word indices on each line; none for no words.
    static func breaks(_ widths: [Double], space: Double, width: Double) -> [Range<Int>] {
        var lines: [Range<Int>] = []
        var start = 0, used = 0.0
        for (index, word) in widths.enumerated() {
            if index > start, used + space + word > width {
                lines.append(start..<index)
                start = index
                used = word
            } else {
                used += (index > start ? space : 0) + word
            }
        }
        if start < widths.count { lines.append(start..<widths.count) }
        return lines
    }
}
