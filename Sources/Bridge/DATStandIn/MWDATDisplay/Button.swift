public enum ButtonStyle: Sendable {
    case primary
    case secondary
    case outline
}

public enum ActionRole: Sendable {
    case primary
}

public struct Button: Sendable {
    public let label: String
    public let style: ButtonStyle
    public let iconName: IconName?
    public let onClick: (@Sendable () -> Void)?
    private var flex = FlexModifiers()
    /// `actionRole(_:)`'s value (DAT has no getter for it).
    package private(set) var standInActionRole: ActionRole?

    public var flexGrow: Float { flex.grow }
    public var flexShrink: Float { flex.shrink }
    public var alignSelf: Alignment? { flex.alignSelf }

    public init(label: String, style: ButtonStyle = .primary, iconName: IconName? = nil, onClick: (@Sendable () -> Void)? = nil) {
        self.label = label
        self.style = style
        self.iconName = iconName
        self.onClick = onClick
    }

    public func flexGrow(_ value: Float) -> Button { with { $0.flex.grow = value } }
    public func flexShrink(_ value: Float) -> Button { with { $0.flex.shrink = value } }
    public func alignSelf(_ value: Alignment) -> Button { with { $0.flex.alignSelf = value } }
    public func actionRole(_ role: ActionRole) -> Button { with { $0.standInActionRole = role } }
}

extension Button: ViewComponent {}

public enum ButtonGroupAlignment: Sendable {
    case start
    case center
    case end
}

@resultBuilder
public struct ButtonGroupBuilder {
    public static func buildBlock(_ components: [Button]...) -> [Button] { components.flatMap { $0 } }
    public static func buildArray(_ components: [[Button]]) -> [Button] { components.flatMap { $0 } }
    public static func buildOptional(_ component: [Button]?) -> [Button] { component ?? [] }
    public static func buildEither(first component: [Button]) -> [Button] { component }
    public static func buildEither(second component: [Button]) -> [Button] { component }
    public static func buildExpression(_ expression: Button) -> [Button] { [expression] }
}

public struct ButtonGroup: Sendable {
    public private(set) var buttons: [Button]
    public private(set) var alignment: ButtonGroupAlignment
    private var flex = FlexModifiers()

    public var flexGrow: Float { flex.grow }
    public var flexShrink: Float { flex.shrink }
    public var alignSelf: Alignment? { flex.alignSelf }

    public init(alignment: ButtonGroupAlignment = .center, @ButtonGroupBuilder content: () -> [Button]) {
        self.alignment = alignment
        self.buttons = content()
    }

    public func flexGrow(_ value: Float) -> ButtonGroup { with { $0.flex.grow = value } }
    public func flexShrink(_ value: Float) -> ButtonGroup { with { $0.flex.shrink = value } }
    public func alignSelf(_ value: Alignment) -> ButtonGroup { with { $0.flex.alignSelf = value } }
}

extension ButtonGroup: ViewComponent {}
