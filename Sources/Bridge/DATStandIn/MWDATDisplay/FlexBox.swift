import Foundation

/// The container, and with `VideoPlayer` the only possible root.
public struct FlexBox: Sendable {
    public private(set) var direction: Direction
    public private(set) var children: [any ViewComponent]
    public private(set) var spacing: CGFloat
    public private(set) var alignment: Alignment
    public private(set) var crossAlignment: Alignment
    public private(set) var wrap: Bool
    public private(set) var padding: EdgeInsets?
    public private(set) var background: Background = .none
    public private(set) var onClick: (@Sendable () -> Void)?
    private var flex = FlexModifiers()

    public var flexGrow: Float { flex.grow }
    public var flexShrink: Float { flex.shrink }
    public var alignSelf: Alignment? { flex.alignSelf }

    public init(
        direction: Direction = .column, spacing: CGFloat = 0, alignment: Alignment = .start, crossAlignment: Alignment = .start,
        wrap: Bool = false, padding: EdgeInsets? = nil, @ComponentBuilder content: () -> [any ViewComponent]
    ) {
        self.direction = direction
        self.spacing = spacing
        self.alignment = alignment
        self.crossAlignment = crossAlignment
        self.wrap = wrap
        self.padding = padding
        self.children = content()
    }

    public func flexGrow(_ value: Float) -> FlexBox { with { $0.flex.grow = value } }
    public func flexShrink(_ value: Float) -> FlexBox { with { $0.flex.shrink = value } }
    public func alignSelf(_ value: Alignment) -> FlexBox { with { $0.flex.alignSelf = value } }
    public func background(_ value: Background) -> FlexBox { with { $0.background = value } }
    public func onTap(_ handler: @escaping @Sendable () -> Void) -> FlexBox { with { $0.onClick = handler } }
}

extension FlexBox: ViewComponent {}
extension FlexBox: DisplayableView {}
