/// Sizes of the leaves, from a font or from a test.
public protocol LeafMeasuring {
    /// The measure of a text, button, image or icon (never called for a flexbox, button group or video).
    func measure(_ component: Component) -> LeafMeasure
}

/// A rectangle in lens pixels, fractional: rounding is the renderer's, once, at the edges.
public struct DisplayRect: Sendable, Equatable {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    public var maxX: Double { x + width }
    public var maxY: Double { y + height }
}

/// One component's place on the lens.
public struct DisplayBox: Sendable, Equatable {
    public let id: String
    public let kind: ComponentKind
    public let frame: DisplayRect
}

/// A tree laid out on a viewport: every component's frame, in the tree's pre-order (the
/// order of `DisplayTree.ids`). The root gets the viewport; content may run past its
/// bottom (the lens scrolls it) or, with a fixed leaf wider than its box, past its sides.
public struct DisplayLayout: Sendable, Equatable {
    public let viewport: DisplayRect
    public let boxes: [DisplayBox]

    public init(_ tree: DisplayTree, measuring: some LeafMeasuring, viewport: DisplayRect = DisplayMetrics.viewport) {
        self.viewport = viewport
        let root = Self.item(tree.root, measuring: measuring)
        let laidOut = root.layout(width: viewport.width, height: viewport.height)
        var boxes: [DisplayBox] = []
        boxes.reserveCapacity(tree.ids.count)
        var index = 0
        func place(_ node: DisplayNode, _ laidOut: LaidOut, x: Double, y: Double) {
            boxes.append(DisplayBox(id: tree.ids[index], kind: node.component.kind,
                                    frame: DisplayRect(x: x, y: y, width: laidOut.width, height: laidOut.height)))
            index += 1
            for (child, placed) in zip(node.children, laidOut.children) {
                place(child, placed.item, x: x + placed.x, y: y + placed.y)
            }
        }
        place(tree.root, laidOut, x: viewport.x, y: viewport.y)
        self.boxes = boxes
    }

    /// The bottom of the lowest box: how far the content scrolls.
    public var contentHeight: Double { boxes.map(\.frame.maxY).max() ?? 0 }

    private static func item(_ node: DisplayNode, measuring: some LeafMeasuring) -> FlexItem {
        let content: FlexItem.Content
        var alignSelf = node.alignSelf
        switch node.component {
        case .flexBox(let box):
            content = .box(
                FlexItem.BoxStyle(direction: box.direction, spacing: box.spacing, justify: box.alignment, align: box.crossAlignment,
                                  wrap: box.wrap, padding: box.padding),
                box.children.map { item($0, measuring: measuring) })
        case .buttonGroup(let group):
            // A row of buttons across its parent (so that its alignment has room to act),
            // centred on each other: ours, DAT shows no group geometry.
            alignSelf = alignSelf ?? .stretch
            content = .box(
                FlexItem.BoxStyle(direction: .row, spacing: DisplayMetrics.buttonGroupSpacing, justify: group.alignment.mainAlignment,
                                  align: .center, wrap: false, padding: .zero),
                group.buttons.map { item($0, measuring: measuring) })
        case .videoPlayer:
            content = .leaf(.fixed(width: DisplayMetrics.viewport.width, height: DisplayMetrics.viewport.height))
        case .text, .button, .image, .icon:
            content = .leaf(measuring.measure(node.component))
        }
        return FlexItem(grow: node.flexGrow, shrink: node.flexShrink, alignSelf: alignSelf, content: content)
    }
}
