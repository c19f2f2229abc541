/// DAT's `Button`: a label with an optional leading icon.
public struct Button: Sendable, Equatable {
    public var label: String
    public var style: ButtonStyle
    public var iconName: IconName?
    /// DAT's `actionRole(.primary)`: the first primary button takes focus when content first renders.
    public var actionRole: ActionRole?

    public init(label: String, style: ButtonStyle = .primary, iconName: IconName? = nil, actionRole: ActionRole? = nil) {
        self.label = label
        self.style = style
        self.iconName = iconName
        self.actionRole = actionRole
    }
}

public enum ButtonStyle: String, Sendable, CaseIterable {
    case primary, secondary, outline
}

public enum ActionRole: String, Sendable, CaseIterable {
    case primary
}

/// DAT's `ButtonGroup` (0.9.0): buttons in a row, placed by `alignment`. Its `buttons` are
/// nodes so that each keeps its id and flex modifiers; `DisplayTree.validate` refuses any
/// component but a button among them.
public struct ButtonGroup: Sendable, Equatable {
    public var alignment: ButtonGroupAlignment
    public var buttons: [DisplayNode]

    public init(alignment: ButtonGroupAlignment = .center, buttons: [DisplayNode] = []) {
        self.alignment = alignment
        self.buttons = buttons
    }
}

public enum ButtonGroupAlignment: String, Sendable, CaseIterable {
    case start, center, end

    package var mainAlignment: Alignment {
        switch self {
        case .start: .start
        case .center: .center
        case .end: .end
        }
    }
}
