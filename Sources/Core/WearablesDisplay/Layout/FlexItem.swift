/// A node as the layout engine sees it: its flex modifiers and either a leaf's measure or a
/// container's style with its items. Built once per layout; it caches its intrinsic widths
/// and its layouts per size, so that measuring a child and then laying it out at the same
/// size costs one layout, and nested containers do not lay out their subtrees again and again.
final class FlexItem {
    enum Content {
        case leaf(LeafMeasure)
        case box(BoxStyle, [FlexItem])
    }

    /// A container's knobs, after a button group has been turned into the row it is.
    struct BoxStyle {
        var direction: Direction
        var spacing: Double
        var justify: Alignment
        var align: Alignment
        var wrap: Bool
        var padding: EdgeInsets
    }

    /// A layout's size key: the width is always decided by the parent, the height only sometimes.
    struct SizeKey: Hashable {
        var width: Double
        var height: Double?
    }

    let grow: Double
    let shrink: Double
    let alignSelf: Alignment?
    let content: Content
    var cachedMinContentWidth: Double?
    var cachedMaxContentWidth: Double?
    var layouts: [SizeKey: LaidOut] = [:]

    init(grow: Double, shrink: Double, alignSelf: Alignment?, content: Content) {
        self.grow = grow
        self.shrink = shrink
        self.alignSelf = alignSelf
        self.content = content
    }

    /// A container's padding; a leaf has none.
    var padding: EdgeInsets {
        if case .box(let style, _) = content { return style.padding }
        return .zero
    }

    /// Whether `alignSelf = stretch` resizes it across a row (its height) or a column (its width).
    func stretches(acrossRow: Bool) -> Bool {
        switch content {
        case .leaf(let measure): measure.stretches(acrossRow: acrossRow)
        case .box: true
        }
    }
}

/// One laid-out item: its size and its children's frames relative to its own origin.
/// Shared between cache entries, never mutated.
final class LaidOut {
    let width: Double
    let height: Double
    let children: [(x: Double, y: Double, item: LaidOut)]

    init(width: Double, height: Double, children: [(x: Double, y: Double, item: LaidOut)] = []) {
        self.width = width
        self.height = height
        self.children = children
    }
}
