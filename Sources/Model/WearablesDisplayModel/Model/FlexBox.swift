/// DAT's `FlexBox`: the container, and with `VideoPlayer` the only possible root.
/// Defaults are DAT's declared ones.
public struct FlexBox: Sendable, Equatable {
    public var direction: Direction
    /// Between neighbouring children, and (ours, as CSS `gap`) between wrapped lines.
    public var spacing: Double
    public var alignment: Alignment
    public var crossAlignment: Alignment
    public var wrap: Bool
    /// DAT's `padding: EdgeInsets?` (nil) is `.zero` here: the two lay out the same.
    public var padding: EdgeInsets
    public var background: Background
    /// Whether the box has an `onTap` handler: it is then clickable and focusable.
    public var tappable: Bool
    public var children: [DisplayNode]

    public init(
        direction: Direction = .column, spacing: Double = 0, alignment: Alignment = .start, crossAlignment: Alignment = .start,
        wrap: Bool = false, padding: EdgeInsets = .zero, background: Background = .none, tappable: Bool = false,
        children: [DisplayNode] = []
    ) {
        self.direction = direction
        self.spacing = spacing
        self.alignment = alignment
        self.crossAlignment = crossAlignment
        self.wrap = wrap
        self.padding = padding
        self.background = background
        self.tappable = tappable
        self.children = children
    }
}
