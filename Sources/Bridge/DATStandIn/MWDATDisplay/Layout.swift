import Foundation

public enum Direction: Sendable {
    case column
    case row
    case columnReverse
    case rowReverse
}

public enum Alignment: Sendable {
    case start
    case center
    case end
    case stretch
}

public enum Background: Sendable {
    case none
    case card
}

/// Padding per edge, in points.
public struct EdgeInsets: Sendable {
    public let top: CGFloat
    public let bottom: CGFloat
    public let leading: CGFloat
    public let trailing: CGFloat

    public init(top: CGFloat = 0, bottom: CGFloat = 0, leading: CGFloat = 0, trailing: CGFloat = 0) {
        self.top = top
        self.bottom = bottom
        self.leading = leading
        self.trailing = trailing
    }

    public init(all value: CGFloat) {
        self.init(top: value, bottom: value, leading: value, trailing: value)
    }
}

/// What can be a display's root (`FlexBox`, `VideoPlayer`).
public protocol DisplayableView: Sendable {}

/// What can be a flexbox's child.
public protocol ViewComponent: Sendable {}

@resultBuilder
public struct ComponentBuilder {
    public static func buildBlock(_ components: [any ViewComponent]...) -> [any ViewComponent] { components.flatMap { $0 } }
    public static func buildArray(_ components: [[any ViewComponent]]) -> [any ViewComponent] { components.flatMap { $0 } }
    public static func buildOptional(_ component: [any ViewComponent]?) -> [any ViewComponent] { component ?? [] }
    public static func buildEither(first component: [any ViewComponent]) -> [any ViewComponent] { component }
    public static func buildEither(second component: [any ViewComponent]) -> [any ViewComponent] { component }
    public static func buildExpression(_ expression: any ViewComponent) -> [any ViewComponent] { [expression] }
}

/// The flex modifiers every component has (DAT declares no defaults; these are CSS's).
struct FlexModifiers: Sendable {
    var grow: Float = 0
    var shrink: Float = 1
    var alignSelf: Alignment?
}
