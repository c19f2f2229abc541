/// The layout knobs DAT's FlexBox offers (MWDATDisplay's `Direction`, `Alignment`,
/// `EdgeInsets`, `Background`), with DAT's case names as raw values, the names specs use.

/// The main axis and its direction; the reverses flip main start and end as in CSS.
public enum Direction: String, Sendable, CaseIterable {
    case column, row, columnReverse, rowReverse

    package var isRow: Bool { self == .row || self == .rowReverse }
    package var isReversed: Bool { self == .columnReverse || self == .rowReverse }
}

/// Main-axis `alignment` (CSS justify-content) and cross-axis `crossAlignment`/`alignSelf`
/// (CSS align-items/align-self). `stretch` on the main axis has no CSS counterpart and
/// lays out as `start` (docs/display.md).
public enum Alignment: String, Sendable, CaseIterable {
    case start, center, end, stretch
}

/// A flexbox's fill: `card` is a rounded panel behind the children.
public enum Background: String, Sendable, CaseIterable {
    case none, card
}

/// Padding per edge, in points (= lens pixels here). DAT's `EdgeInsets`.
public struct EdgeInsets: Sendable, Equatable {
    public var top: Double
    public var bottom: Double
    public var leading: Double
    public var trailing: Double

    public init(top: Double = 0, bottom: Double = 0, leading: Double = 0, trailing: Double = 0) {
        self.top = top
        self.bottom = bottom
        self.leading = leading
        self.trailing = trailing
    }

    public init(all value: Double) { self.init(top: value, bottom: value, leading: value, trailing: value) }

    public static let zero = EdgeInsets()

    package var horizontal: Double { leading + trailing }
    package var vertical: Double { top + bottom }
}
