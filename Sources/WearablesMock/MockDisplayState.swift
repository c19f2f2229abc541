import WearablesDisplayModel

/// What the lens of display glasses shows, as the mock knows it (`glasses.display` in
/// scripts; MockDisplayKit's preview): whether an app's display is up, the tree shown and
/// which of its ids a click reaches.
public struct MockDisplayState: Sendable, Equatable {
    /// Whether an app's display is started on the glasses.
    public var isOn: Bool
    public var content: DisplayTree?
    public var playingVideo: Bool

    public init(isOn: Bool = false, content: DisplayTree? = nil, playingVideo: Bool = false) {
        self.isOn = isOn
        self.content = content
        self.playingVideo = playingVideo
    }

    /// The ids a click reaches: buttons, and flexboxes with `onTap`, in tree order.
    public var clickable: [String] { content.map(Self.clickable) ?? [] }

    public static func clickable(_ tree: DisplayTree) -> [String] {
        var ids: [String] = []
        tree.forEachNode { node, id in
            switch node.component {
            case .button: ids.append(id)
            case .flexBox(let box) where box.tappable: ids.append(id)
            default: break
            }
        }
        return ids
    }
}
