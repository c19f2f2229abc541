/// The CSS Flexible Box Layout algorithm (https://www.w3.org/TR/css-flexbox-1/#layout-algorithm)
/// restricted to DAT's knobs: no sizes, margins, min/max or percentages, so every size comes
/// from content except the root's. Where CSS leaves a choice, this takes the one
/// docs/display.md lists, and the browser differential test (scripts/test-display-layout)
/// holds it to Chromium's layout:
/// - flex-basis is the content (max-content width in a row, content height in a column);
/// - the automatic minimum main size is the min-content size (CSS `min-width: auto`), so a
///   column never shrinks an item below its content;
/// - a wrapping container is multi-line even with one line, and packs lines at the cross
///   start (`align-content: flex-start`), `spacing` apart;
/// - overflowing `center`/`end` alignment overflows both ways (CSS's unsafe default);
/// - shrinking is weighted by the base size inside the item's padding (§9.7's inner base size);
/// - in a wrapping column, an item that does not stretch is fit to its line's width, once the
///   lines are known (its height stays the one measured at the box's width), as in Chromium.
extension FlexItem {
    /// Lays the item out at `width` (always decided by the parent) and `height` (when the
    /// parent decided it: stretched, flexed in a column, or the root).
    func layout(width: Double, height: Double?) -> LaidOut {
        let key = SizeKey(width: width, height: height)
        if let done = layouts[key] { return done }
        let result: LaidOut
        switch content {
        case .leaf(let measure):
            result = LaidOut(width: width, height: height ?? measure.height(atWidth: width))
        case .box(let style, let items):
            // A definite height equal to the content's lays out as the content did.
            if let height, case let natural = layout(width: width, height: nil), natural.height == height {
                result = natural
            } else {
                result = layoutBox(style, items, width: width, height: height)
            }
        }
        layouts[key] = result
        return result
    }

    var minContentWidth: Double {
        if let cached = cachedMinContentWidth { return cached }
        let value: Double
        switch content {
        case .leaf(let measure): value = measure.minContentWidth
        case .box(let style, let items):
            let widths = items.map(\.minContentWidth)
            if style.direction.isRow, !style.wrap {
                value = widths.reduce(0, +) + style.spacing * Double(max(0, items.count - 1)) + style.padding.horizontal
            } else {
                value = (widths.max() ?? 0) + style.padding.horizontal
            }
        }
        cachedMinContentWidth = value
        return value
    }

    var maxContentWidth: Double {
        if let cached = cachedMaxContentWidth { return cached }
        let value: Double
        switch content {
        case .leaf(let measure): value = measure.maxContentWidth
        case .box(let style, let items):
            let widths = items.map(\.maxContentWidth)
            if style.direction.isRow {
                value = widths.reduce(0, +) + style.spacing * Double(max(0, items.count - 1)) + style.padding.horizontal
            } else {
                value = (widths.max() ?? 0) + style.padding.horizontal
            }
        }
        cachedMaxContentWidth = value
        return value
    }

    /// CSS fit-content: the available width, but no less than min-content and no more than max-content.
    func fitContentWidth(_ available: Double) -> Double {
        min(maxContentWidth, max(minContentWidth, available))
    }
}

/// One item of a line being laid out.
private struct LineItem {
    let item: FlexItem
    let align: Alignment
    let base: Double
    let minimum: Double
    /// In a column, the width the base height was measured at.
    let crossForBase: Double
    /// The item's own padding along the line: shrinking is weighted by the base size inside it.
    let mainPadding: Double
    var main: Double = 0
    var cross: Double = 0
    var laidOut: LaidOut?

    var hypothetical: Double { max(base, minimum) }
}

extension FlexItem {
    fileprivate func layoutBox(_ style: BoxStyle, _ items: [FlexItem], width: Double, height: Double?) -> LaidOut {
        let isRow = style.direction.isRow
        let innerWidth = max(0, width - style.padding.horizontal)
        let innerHeight = height.map { max(0, $0 - style.padding.vertical) }
        let mainSize: Double? = isRow ? innerWidth : innerHeight
        let crossSize: Double? = isRow ? innerHeight : innerWidth
        let gap = style.spacing

        // Flex base sizes and automatic minimums (§9.2).
        var entries: [LineItem] = items.map { item in
            let align = item.alignSelf ?? style.align
            if isRow {
                return LineItem(item: item, align: align, base: item.maxContentWidth, minimum: item.minContentWidth, crossForBase: 0,
                                mainPadding: item.padding.horizontal)
            }
            // A column item is as wide as the line when it stretches in a single-line box
            // (definite there, §9.8), else fit-content; its content height is its base.
            let stretched = align == .stretch && !style.wrap && item.stretches(acrossRow: false)
            let itemWidth = stretched ? innerWidth : item.fitContentWidth(innerWidth)
            let natural = item.layout(width: itemWidth, height: nil).height
            return LineItem(item: item, align: align, base: natural, minimum: natural, crossForBase: itemWidth, mainPadding: item.padding.vertical)
        }

        // Lines (§9.3): one, unless wrapping against a definite main size.
        let lines: [Range<Int>]
        if style.wrap, let mainSize {
            lines = GreedyLines.breaks(entries.map(\.hypothetical), gap: gap, width: mainSize)
        } else {
            lines = entries.isEmpty ? [] : [0..<entries.count]
        }

        // Flexible lengths (§9.7), then each item's cross size.
        for line in lines {
            let gaps = gap * Double(line.count - 1)
            let available = mainSize ?? (entries[line].reduce(0) { $0 + $1.hypothetical } + gaps)
            let mains = Self.resolveFlexibleLengths(Array(entries[line]), available: available - gaps)
            for (index, main) in zip(line, mains) {
                entries[index].main = main
                // A row item's height at its flexed width (cached for its final layout).
                entries[index].cross = isRow ? entries[index].item.layout(width: main, height: nil).height : entries[index].crossForBase
            }
        }

        // Line cross sizes (§9.4): a single-line box's line is the box; otherwise the largest item.
        let lineCrosses: [Double] = lines.map { line in
            if !style.wrap, let crossSize { return crossSize }
            return entries[line].map(\.cross).max() ?? 0
        }

        // Stretch, then final layouts at the used sizes.
        for (line, lineCross) in zip(lines, lineCrosses) {
            for index in line {
                let entry = entries[index]
                let stretch = entry.align == .stretch && entry.item.stretches(acrossRow: isRow)
                if stretch {
                    entries[index].cross = lineCross
                } else if !isRow, style.wrap {
                    // Chromium sizes a wrapping column's items again against their line's width.
                    entries[index].cross = entry.item.fitContentWidth(lineCross)
                }
                let (itemWidth, itemHeight) = isRow ? (entry.main, entries[index].cross) : (entries[index].cross, entry.main)
                let definiteHeight: Double? = isRow ? (stretch ? itemHeight : nil) : itemHeight
                entries[index].laidOut = entry.item.layout(width: itemWidth, height: definiteHeight)
            }
        }

        // The box's own size: the parent's, else the content's.
        let contentMain = lines.map { line in entries[line].reduce(0) { $0 + $1.main } + gap * Double(line.count - 1) }.max() ?? 0
        let contentCross = lineCrosses.reduce(0, +) + gap * Double(max(0, lines.count - 1))
        let finalInnerHeight = innerHeight ?? (isRow ? contentCross : contentMain)
        let innerMain = isRow ? innerWidth : finalInnerHeight

        // Main-axis alignment (§9.5) and cross-axis alignment (§9.6), lines packed at the cross start.
        var placed: [(x: Double, y: Double, item: LaidOut)] = Array(repeating: (0, 0, LaidOut(width: 0, height: 0)), count: entries.count)
        var lineStart = 0.0
        for (line, lineCross) in zip(lines, lineCrosses) {
            let used = entries[line].reduce(0) { $0 + $1.main } + gap * Double(line.count - 1)
            let free = innerMain - used
            var position: Double
            switch style.justify {
            case .start, .stretch: position = 0
            case .center: position = free / 2
            case .end: position = free
            }
            for index in line {
                let entry = entries[index]
                let main = style.direction.isReversed ? innerMain - position - entry.main : position
                let lineFree = lineCross - entry.cross
                let offset: Double
                switch entry.align {
                case .start, .stretch: offset = 0
                case .center: offset = lineFree / 2
                case .end: offset = lineFree
                }
                let (x, y) = isRow ? (main, lineStart + offset) : (lineStart + offset, main)
                placed[index] = (style.padding.leading + x, style.padding.top + y, entry.laidOut!)
                position += entry.main + gap
            }
            lineStart += lineCross + gap
        }
        return LaidOut(width: width, height: finalInnerHeight + style.padding.vertical, children: placed)
    }

    /// §9.7 for one line: each item's main size, growing into free space by `grow` or shrinking
    /// by `shrink` x its inner base size (inside its padding, as the spec and Chromium weigh it),
    /// never below its minimum, freezing items that hit it.
    fileprivate static func resolveFlexibleLengths(_ items: [LineItem], available: Double) -> [Double] {
        let growing = items.reduce(0) { $0 + $1.hypothetical } < available
        var target = items.map(\.hypothetical)
        var frozen = items.map { entry in
            let factor = growing ? entry.item.grow : entry.item.shrink
            return factor == 0 || (growing && entry.base > entry.hypothetical) || (!growing && entry.base < entry.hypothetical)
        }
        func free() -> Double {
            available - items.indices.reduce(0) { $0 + (frozen[$1] ? target[$1] : items[$1].base) }
        }
        let initialFree = free()
        while frozen.contains(false) {
            var remaining = free()
            let unfrozen = items.indices.filter { !frozen[$0] }
            let factors = unfrozen.reduce(0) { $0 + (growing ? items[$1].item.grow : items[$1].item.shrink) }
            if factors < 1, abs(initialFree * factors) < abs(remaining) { remaining = initialFree * factors }
            if growing {
                for index in unfrozen { target[index] = items[index].base + remaining * items[index].item.grow / factors }
            } else {
                func scaled(_ index: Int) -> Double { items[index].item.shrink * max(0, items[index].base - items[index].mainPadding) }
                let total = unfrozen.reduce(0) { $0 + scaled($1) }
                for index in unfrozen {
                    let share = total > 0 ? scaled(index) / total : 0
                    target[index] = items[index].base + remaining * share
                }
            }
            // Clamp to the minimums; freeze the violators, or everything when none.
            var violation = 0.0
            var minViolators: [Int] = []
            for index in unfrozen where target[index] < items[index].minimum {
                violation += items[index].minimum - target[index]
                target[index] = items[index].minimum
                minViolators.append(index)
            }
            if violation == 0 {
                for index in unfrozen { frozen[index] = true }
            } else {
                for index in minViolators { frozen[index] = true }
            }
        }
        return target
    }
}
