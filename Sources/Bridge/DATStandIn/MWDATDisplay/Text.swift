public enum TextStyle: Sendable {
    case heading
    case body
    case meta
}

public enum TextColor: Sendable {
    case primary
    case secondary
}

public struct Text: Sendable {
    public let content: String
    public let style: TextStyle
    public let color: TextColor
    private var flex = FlexModifiers()

    public var flexGrow: Float { flex.grow }
    public var flexShrink: Float { flex.shrink }
    public var alignSelf: Alignment? { flex.alignSelf }

    public init(_ content: String, style: TextStyle = .body, color: TextColor = .primary) {
        self.content = content
        self.style = style
        self.color = color
    }

    public func flexGrow(_ value: Float) -> Text { with { $0.flex.grow = value } }
    public func flexShrink(_ value: Float) -> Text { with { $0.flex.shrink = value } }
    public func alignSelf(_ value: Alignment) -> Text { with { $0.flex.alignSelf = value } }
}

extension Text: ViewComponent {}
