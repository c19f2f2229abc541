/// A tree that DAT would accept and that fits `DisplayLimits`: the only thing layout and
/// rendering take, so neither has to handle a bad tree. Made from typed nodes here or from
/// an untyped spec (`DisplayTree(spec:)`, for Lua tables and wire messages).
public struct DisplayTree: Sendable, Equatable {
    public let root: DisplayNode
    /// Every node's id in pre-order (the root first): its explicit `id`, else its path
    /// (`root`, `root.2`, `root.2.1`, 1-based, as Lua counts), stable as long as the
    /// tree's shape before it is.
    public let ids: [String]

    public init(root: DisplayNode) throws(DisplayTreeError) {
        var check = TreeCheck()
        try check.root(root)
        self.root = root
        self.ids = check.ids
    }

    /// Every node in pre-order with its id, depth-first: the order of `ids` and of a layout's boxes.
    public func forEachNode(_ body: (DisplayNode, String) -> Void) {
        var index = 0
        func visit(_ node: DisplayNode) {
            body(node, ids[index])
            index += 1
            node.children.forEach(visit)
        }
        visit(root)
    }
}

/// The checks of one tree, in one pre-order walk.
private struct TreeCheck {
    var ids: [String] = []
    private var seen: Set<String> = []
    private var textBytes = 0

    mutating func root(_ node: DisplayNode) throws(DisplayTreeError) {
        if let problem = DisplaySchema.rootProblem(node.component.kind) { throw DisplayTreeError(.invalidTree, at: "root", problem) }
        try visit(node, path: "root", depth: 1, parent: nil)
    }

    private mutating func visit(_ node: DisplayNode, path: String, depth: Int, parent: Component?) throws(DisplayTreeError) {
        guard ids.count < DisplayLimits.maxNodes else {
            throw DisplayTreeError(.tooLarge, at: path, "a tree holds at most \(DisplayLimits.maxNodes) components")
        }
        guard depth <= DisplayLimits.maxDepth else {
            throw DisplayTreeError(.tooLarge, at: path, "components nest at most \(DisplayLimits.maxDepth) deep")
        }
        try identify(node, path: path)
        try checkFlex(node, path: path)
        switch node.component {
        case .flexBox(let box):
            try checkLength(box.spacing, "spacing", path)
            for (edge, value) in [("top", box.padding.top), ("bottom", box.padding.bottom),
                                  ("leading", box.padding.leading), ("trailing", box.padding.trailing)] {
                try checkLength(value, "padding.\(edge)", path)
            }
        case .text(let text):
            try checkText(text.content, "content", path)
        case .button(let button):
            try checkText(button.label, "label", path)
        case .buttonGroup: break
        case .image(let image):
            if case .uri(let uri) = image.source {
                if uri.allSatisfy(\.isWhitespace) { throw DisplayTreeError(.invalidTree, at: path, "an image needs a uri, got a blank one") }
                try checkText(uri, "uri", path)
            }
            if case .pixels(let pixels) = image.source, !pixels.isWellFormed {
                throw DisplayTreeError(.invalidTree, at: path, "an image's pixels are not \(pixels.width)x\(pixels.height) RGB")
            }
        case .icon: break
        case .videoPlayer(let video):
            if let parent { throw DisplayTreeError(.invalidTree, at: path, DisplaySchema.nestedVideoProblem(parent: parent.kind)) }
            try checkText(video.url, "url", path)
            try checkVideoURL(video.url, path)
        }
        for (offset, child) in node.children.enumerated() {
            let childPath = "\(path).\(offset + 1)"
            if let problem = DisplaySchema.childProblem(parent: node.component.kind, child: child.component.kind) {
                throw DisplayTreeError(.invalidTree, at: childPath, problem)
            }
            try visit(child, path: childPath, depth: depth + 1, parent: node.component)
        }
    }

    private mutating func identify(_ node: DisplayNode, path: String) throws(DisplayTreeError) {
        let id = node.id ?? path
        if let explicit = node.id {
            guard !explicit.isEmpty, explicit.count <= DisplayLimits.maxIdLength else {
                throw DisplayTreeError(.invalidTree, at: path, "id must be 1 to \(DisplayLimits.maxIdLength) characters, got \(explicit.count)")
            }
        }
        guard seen.insert(id).inserted else {
            throw DisplayTreeError(.invalidTree, at: path, "id '\(id)' is already used by another component of this tree")
        }
        ids.append(id)
    }

    /// The common fields' limits, in their schema's words.
    private func checkFlex(_ node: DisplayNode, path: String) throws(DisplayTreeError) {
        for (name, value) in [("flex_grow", node.flexGrow), ("flex_shrink", node.flexShrink)] {
            if let problem = DisplaySchema.common.first(where: { $0.name == name })!.rangeProblem(value, name) {
                throw DisplayTreeError(.invalidTree, at: path, problem)
            }
        }
    }

    /// Spacing and padding edges, in the flexbox schema's words.
    private func checkLength(_ value: Double, _ name: String, _ path: String) throws(DisplayTreeError) {
        if let problem = DisplaySchema.component(.flexbox).field("spacing")!.rangeProblem(value, name) {
            throw DisplayTreeError(.invalidTree, at: path, problem)
        }
    }

    /// Text, labels and URIs count against the per-component and per-tree byte limits.
    private mutating func checkText(_ text: String, _ name: String, _ path: String) throws(DisplayTreeError) {
        let bytes = text.utf8.count
        guard bytes <= DisplayLimits.maxTextBytes else {
            throw DisplayTreeError(.tooLarge, at: path, "\(name) holds \(bytes) bytes; at most \(DisplayLimits.maxTextBytes) fit one component")
        }
        textBytes += bytes
        guard textBytes <= DisplayLimits.maxTotalTextBytes else {
            throw DisplayTreeError(.tooLarge, at: path, "the tree's text passes \(DisplayLimits.maxTotalTextBytes) bytes here")
        }
    }

    private func checkVideoURL(_ url: String, _ path: String) throws(DisplayTreeError) {
        let lower = url.lowercased()
        guard lower.hasPrefix("https://") || lower.hasPrefix("http://"), url.count > lower.prefix(while: { $0 != ":" }).count + 3 else {
            throw DisplayTreeError(.invalidVideoURL, at: path, "url must be an http:// or https:// URL, got '\(url.prefix(80))'")
        }
    }
}
