extension ComponentSpec {
    /// The spec of a checked node, the inverse of `DisplayTree(spec:)`: what a wire message
    /// carries. Only values that differ from DAT's defaults are written.
    public init(_ node: DisplayNode) {
        var properties: [String: SpecValue] = [:]
        func put(_ name: String, _ value: String, unless fallback: String? = nil) {
            if value != fallback { properties[name] = .string(value) }
        }
        switch node.component {
        case .flexBox(let box):
            self.init("flexbox")
            put("direction", box.direction.rawValue, unless: Direction.column.rawValue)
            if box.spacing != 0 { properties["spacing"] = .number(box.spacing) }
            put("alignment", box.alignment.rawValue, unless: Alignment.start.rawValue)
            put("cross_alignment", box.crossAlignment.rawValue, unless: Alignment.start.rawValue)
            if box.wrap { properties["wrap"] = .bool(true) }
            if box.padding != .zero {
                let edges = box.padding
                properties["padding"] = .table(["top": .number(edges.top), "bottom": .number(edges.bottom),
                                                "leading": .number(edges.leading), "trailing": .number(edges.trailing)])
            }
            put("background", box.background.rawValue, unless: Background.none.rawValue)
            if box.tappable { properties["tappable"] = .bool(true) }
        case .text(let text):
            self.init("text")
            put("content", text.content)
            put("style", text.style.rawValue, unless: TextStyle.body.rawValue)
            put("color", text.color.rawValue, unless: TextColor.primary.rawValue)
        case .button(let button):
            self.init("button")
            put("label", button.label)
            put("style", button.style.rawValue, unless: ButtonStyle.primary.rawValue)
            if let icon = button.iconName { put("icon", icon.rawValue) }
            if let role = button.actionRole { put("action_role", role.rawValue) }
        case .buttonGroup(let group):
            self.init("button_group")
            put("alignment", group.alignment.rawValue, unless: ButtonGroupAlignment.center.rawValue)
        case .image(let image):
            self.init("image")
            switch image.source {
            case .uri(let uri):
                put("uri", uri)
                put("size_preset", image.sizePreset.rawValue, unless: ImageSize.icon.rawValue)
            case .pixels(let pixels):
                properties["pixels"] = .pixels(pixels)
                put("size_preset", image.sizePreset.rawValue, unless: ImageSize.fill.rawValue)
            }
            put("corner_radius", image.cornerRadius.rawValue, unless: CornerRadius.none.rawValue)
        case .icon(let icon):
            self.init("icon")
            put("name", icon.name.rawValue)
            put("style", icon.style.rawValue, unless: IconStyle.filled.rawValue)
        case .videoPlayer(let video):
            self.init("video")
            put("url", video.url)
            put("codec", video.codec.rawValue, unless: VideoCodec.mp4.rawValue)
        }
        if let id = node.id { properties["id"] = .string(id) }
        if node.flexGrow != 0 { properties["flex_grow"] = .number(node.flexGrow) }
        if node.flexShrink != 1 { properties["flex_shrink"] = .number(node.flexShrink) }
        if let alignSelf = node.alignSelf { properties["align_self"] = .string(alignSelf.rawValue) }
        self.properties = properties
        children = node.children.map(ComponentSpec.init)
    }
}
