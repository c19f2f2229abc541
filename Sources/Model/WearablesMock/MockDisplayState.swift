import WearablesDisplayModel
import WearablesModel

/// What the lens of display glasses shows, as the mock knows it (`glasses.display` in
/// scripts; MockDisplayKit's preview): whether an app's display is up, the tree shown and
/// which of its ids a click reaches.
public struct MockDisplayState: Sendable, Equatable {
    /// Whether an app's display is started on the glasses.
    public var isOn: Bool
    public var content: DisplayTree?
    public var playingVideo: Bool
    /// How lit the lens is (the `displaySleep` field report dims and sleeps it); `awake` otherwise.
    public var lens: Lens

    /// The lens' light: `dimmed` after about 20 s without interaction and `asleep` after about 25 s,
    /// when the `displaySleep` field report is on (or the `displaySleep` field fault puts it to sleep).
    public enum Lens: String, NamedCase { case awake, dimmed, asleep }

    public init(isOn: Bool = false, content: DisplayTree? = nil, playingVideo: Bool = false, lens: Lens = .awake) {
        self.isOn = isOn
        self.content = content
        self.playingVideo = playingVideo
        self.lens = lens
    }

    /// DAT 1.0 CHANGELOG: "the first primary action takes focus when content first renders":
    /// the id of the first button with `action_role = "primary"` in `tree`, in tree order; nil when
    /// it has none (DAT says nothing of focus then).
    public var focus: String? { content.flatMap(Self.focus) }

    public static func focus(_ tree: DisplayTree) -> String? {
        var found: String?
        tree.forEachNode { node, id in
            guard found == nil, case .button(let button) = node.component, button.actionRole == .primary else { return }
            found = id
        }
        return found
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
