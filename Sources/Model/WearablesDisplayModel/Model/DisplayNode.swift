/// One component of a display tree with the modifiers every DAT `ViewComponent` has
/// (`flexGrow`, `flexShrink`, `alignSelf`) and an id of ours.
///
/// DAT's components carry closures and have no ids (MockDisplayKit's `sendClick` takes an
/// identifier whose scheme is not public); here a node is plain data, so a tree can be
/// compared, sent over the wire and laid out, and callbacks are kept by id elsewhere.
public struct DisplayNode: Sendable, Equatable {
    /// An explicit id, unique in its tree; `nil` takes the node's path (`DisplayTree.ids`).
    public var id: String?
    public var component: Component
    /// DAT declares no default; 0 as in CSS and Yoga.
    public var flexGrow: Double
    /// DAT declares no default; 1 as in CSS, since DAT's own preview (MockDisplayKit's
    /// `createPreviewView`) is a WebView (Yoga's native default would be 0; docs/display.md).
    public var flexShrink: Double
    /// `nil` follows the parent's `crossAlignment` (a button group's is `stretch`).
    public var alignSelf: Alignment?

    public init(_ component: Component, id: String? = nil, flexGrow: Double = 0, flexShrink: Double = 1, alignSelf: Alignment? = nil) {
        self.id = id
        self.component = component
        self.flexGrow = flexGrow
        self.flexShrink = flexShrink
        self.alignSelf = alignSelf
    }

    /// The nodes directly inside this one: a flexbox's children, a button group's buttons.
    public var children: [DisplayNode] {
        switch component {
        case .flexBox(let box): box.children
        case .buttonGroup(let group): group.buttons
        case .text, .button, .image, .icon, .videoPlayer: []
        }
    }
}

/// DAT's components (MWDATDisplay), one case each. `videoPlayer` is a `DisplayableView` only:
/// it can be a root, never a child (checked by `DisplayTree.validate`).
public enum Component: Sendable, Equatable {
    case flexBox(FlexBox)
    case text(Text)
    case button(Button)
    case buttonGroup(ButtonGroup)
    case image(Image)
    case icon(Icon)
    case videoPlayer(VideoPlayer)

    /// The component's name in specs and messages (the Lua builder's name: `ui.button_group`).
    public var typeName: String { kind.rawValue }

    public var kind: ComponentKind {
        switch self {
        case .flexBox: .flexbox
        case .text: .text
        case .button: .button
        case .buttonGroup: .buttonGroup
        case .image: .image
        case .icon: .icon
        case .videoPlayer: .video
        }
    }
}

/// The component names a spec's `type` may take.
public enum ComponentKind: String, Sendable, CaseIterable {
    case flexbox, text, button, buttonGroup = "button_group", image, icon, video
}
