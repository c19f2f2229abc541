/// Greedy line breaking, the one rule for both kinds of lines the display has: a text's
/// words (the layout measures a text's height with it and the renderer places the words by
/// it, so the two never disagree) and a wrapping flexbox's items. Like CSS: an item goes on
/// the current line while it fits with the gap before it; the first item of a line always
/// stays, however wide (a word wider than its text overflows, `overflow-wrap: normal`).
enum GreedyLines {
    /// The half-open ranges of item indices on each line; none for no items.
    static func breaks(_ sizes: [Double], gap: Double, width: Double) -> [Range<Int>] {
        var lines: [Range<Int>] = []
        var start = 0, used = 0.0
        for (index, size) in sizes.enumerated() {
            if index > start, used + gap + size > width {
                lines.append(start..<index)
                start = index
                used = size
            } else {
                used += (index > start ? gap : 0) + size
            }
        }
        if start < sizes.count { lines.append(start..<sizes.count) }
        return lines
    }
}
