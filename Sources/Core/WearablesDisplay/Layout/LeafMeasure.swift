/// What the layout needs to know of a leaf, as plain numbers: the engine never sees a
/// font, so it is deterministic and testable with made-up sizes (the browser differential
/// test gives it boxes of its own).
public enum LeafMeasure: Sendable, Equatable {
    /// Fixed both ways: never stretches, never shrinks (icons, icon-preset images).
    case fixed(width: Double, height: Double)
    /// A fixed height; the width is the content's, never less, and stretches across a
    /// column like a CSS block (buttons).
    case button(width: Double, height: Double)
    /// Words wrapped greedily into lines of `lineHeight`, `space` apart on a line (text).
    /// Min-content is the widest word, max-content one line; an empty text is 0 high.
    case words(widths: [Double], space: Double, lineHeight: Double)
    /// A natural width it may shrink from to 0 and stretch from, `heightPerWidth` keeping its
    /// aspect (fill-preset images: they fill the width they get, up to their natural width).
    case aspect(naturalWidth: Double, heightPerWidth: Double)

    var minContentWidth: Double {
        switch self {
        case .fixed(let width, _), .button(let width, _): width
        case .words(let widths, _, _): widths.max() ?? 0
        case .aspect: 0
        }
    }

    var maxContentWidth: Double {
        switch self {
        case .fixed(let width, _), .button(let width, _): width
        case .words(let widths, let space, _): widths.reduce(0, +) + space * Double(max(0, widths.count - 1))
        case .aspect(let natural, _): natural
        }
    }

    /// The height at a width the parent gave.
    func height(atWidth width: Double) -> Double {
        switch self {
        case .fixed(_, let height), .button(_, let height): height
        case .words(let widths, let space, let lineHeight): Double(GreedyLines.breaks(widths, gap: space, width: width).count) * lineHeight
        case .aspect(_, let heightPerWidth): width * heightPerWidth
        }
    }

    /// Whether `alignSelf = stretch` changes its width (across a column) or height (across a row).
    func stretches(acrossRow: Bool) -> Bool {
        switch self {
        case .fixed: false
        case .button, .aspect: !acrossRow
        case .words: true
        }
    }
}
