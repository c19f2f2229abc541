extension ComponentSpec {
    /// The spec of a checked node, the inverse of `DisplayTree(spec:)`: what a wire message
    /// carries. Only values that differ from the schema's defaults (DAT's) are written.
    public init(_ node: DisplayNode) {
        var properties: [String: SpecValue] = [:]
        let schema = DisplaySchema.component(node.component.kind)
        func put(_ name: String, _ value: SpecValue) {
            if value != schema.field(name)?.defaultValue { properties[name] = value }
        }
        func put(_ name: String, _ value: String) { put(name, .string(value)) }
        switch node.component {
        case .flexBox(let box):
            self.init("flexbox")
            put("direction", box.direction.rawValue)
            put("spacing", .number(box.spacing))
            put("alignment", box.alignment.rawValue)
            put("cross_alignment", box.crossAlignment.rawValue)
            put("wrap", .bool(box.wrap))
            if box.padding != .zero {
                let edges = box.padding
                properties["padding"] = .table(["top": .number(edges.top), "bottom": .number(edges.bottom),
                                                "leading": .number(edges.leading), "trailing": .number(edges.trailing)])
            }
            put("background", box.background.rawValue)
            put("tappable", .bool(box.tappable))
        case .text(let text):
            self.init("text")
            put("content", text.content)
            put("style", text.style.rawValue)
            put("color", text.color.rawValue)
        case .button(let button):
            self.init("button")
            put("label", button.label)
            put("style", button.style.rawValue)
            if let icon = button.iconName { put("icon", icon.rawValue) }
            if let role = button.actionRole { put("action_role", role.rawValue) }
        case .buttonGroup(let group):
            self.init("button_group")
            put("alignment", group.alignment.rawValue)
        case .image(let image):
            self.init("image")
            switch image.source {
            // The preset's default depends on the source, as DAT's two initialisers do.
            case .uri(let uri):
                put("uri", uri)
                if image.sizePreset != .icon { put("size_preset", image.sizePreset.rawValue) }
            case .pixels(let pixels):
                properties["pixels"] = .pixels(pixels)
                if image.sizePreset != .fill { put("size_preset", image.sizePreset.rawValue) }
            }
            put("corner_radius", image.cornerRadius.rawValue)
        case .icon(let icon):
            self.init("icon")
            put("name", icon.name.rawValue)
            put("style", icon.style.rawValue)
        case .videoPlayer(let video):
            self.init("video")
            put("url", video.url)
            put("codec", video.codec.rawValue)
        }
        if let id = node.id { properties["id"] = .string(id) }
        put("flex_grow", .number(node.flexGrow))
        put("flex_shrink", .number(node.flexShrink))
        if let alignSelf = node.alignSelf { properties["align_self"] = .string(alignSelf.rawValue) }
        self.properties = properties
        children = node.children.map(ComponentSpec.init)
    }
}
