import Spelling

extension DisplayTree {
    /// Reads an untyped tree and checks it: an unknown component, field, enum value or icon
    /// name is refused with the field, what it allows and a "did you mean" when one is close.
    /// Size limits apply while reading, so a huge or deep spec is refused before it is copied.
    public init(spec: ComponentSpec) throws(DisplayTreeError) {
        var decoder = SpecDecoder()
        try self.init(root: try decoder.node(spec, path: "root", depth: 1))
    }
}

/// Spec to typed nodes, one component kind per method; names, types, defaults and the
/// words of every refusal come from `DisplaySchema`.
private struct SpecDecoder {
    private var count = 0

    mutating func node(_ spec: ComponentSpec, path: String, depth: Int) throws(DisplayTreeError) -> DisplayNode {
        count += 1
        guard count <= DisplayLimits.maxNodes else {
            throw DisplayTreeError(.tooLarge, at: path, "a tree holds at most \(DisplayLimits.maxNodes) components")
        }
        guard depth <= DisplayLimits.maxDepth else {
            throw DisplayTreeError(.tooLarge, at: path, "components nest at most \(DisplayLimits.maxDepth) deep")
        }
        let schema: DisplayComponentSchema
        switch DisplaySchema.component(named: spec.type) {
        case .success(let found): schema = found
        case .failure(let unknown): throw DisplayTreeError(.invalidTree, at: path, unknown.message)
        }
        let fields = Fields(spec: spec, schema: schema, path: path)
        try fields.checkNames()
        if !spec.children.isEmpty, !schema.takesChildren {
            throw DisplayTreeError(.invalidTree, at: path, schema.unexpectedChildren(spec.children.count))
        }
        var children: [DisplayNode] = []
        for (offset, child) in spec.children.enumerated() {
            children.append(try node(child, path: "\(path).\(offset + 1)", depth: depth + 1))
        }
        let component: Component
        switch schema.kind {
        case .flexbox:
            component = .flexBox(FlexBox(
                direction: try fields.enumeration("direction"),
                spacing: try fields.number("spacing"),
                alignment: try fields.enumeration("alignment"),
                crossAlignment: try fields.enumeration("cross_alignment"),
                wrap: try fields.bool("wrap"),
                padding: try fields.padding(),
                background: try fields.enumeration("background"),
                tappable: try fields.bool("tappable"),
                children: children))
        case .text:
            component = .text(Text(
                try fields.requiredString("content"), style: try fields.enumeration("style"), color: try fields.enumeration("color")))
        case .button:
            component = .button(Button(
                label: try fields.requiredString("label"),
                style: try fields.enumeration("style"),
                iconName: try fields.optionalEnumeration("icon"),
                actionRole: try fields.optionalEnumeration("action_role")))
        case .buttonGroup:
            component = .buttonGroup(ButtonGroup(alignment: try fields.enumeration("alignment"), buttons: children))
        case .image:
            component = .image(try fields.image())
        case .icon:
            component = .icon(Icon(name: try fields.requiredEnumeration("name"), style: try fields.enumeration("style")))
        case .video:
            component = .videoPlayer(VideoPlayer(url: try fields.requiredString("url"), codec: try fields.enumeration("codec")))
        }
        let id: String? = try fields.optionalString("id")
        return DisplayNode(
            component, id: id, flexGrow: try fields.number("flex_grow"), flexShrink: try fields.number("flex_shrink"),
            alignSelf: try fields.optionalEnumeration("align_self"))
    }
}

/// One spec's properties, read by the component's schema: each value is checked by its
/// field (`DisplayField.problem`), and a left-out one takes the field's default.
private struct Fields {
    let spec: ComponentSpec
    let schema: DisplayComponentSchema
    let path: String

    func checkNames() throws(DisplayTreeError) {
        for name in spec.properties.keys.sorted() where schema.field(name)?.isProperty != true {
            throw fail(schema.unknownField(name))
        }
    }

    func fail(_ message: String) -> DisplayTreeError { DisplayTreeError(.invalidTree, at: path, message) }

    /// The value given or the default, checked by its field; nil when neither.
    private func value(_ name: String) throws(DisplayTreeError) -> SpecValue? {
        let field = schema.field(name)!
        guard let value = spec.properties[name] else { return field.defaultValue }
        if let problem = field.problem(value) { throw fail(problem) }
        return value
    }

    func number(_ name: String) throws(DisplayTreeError) -> Double {
        guard case .number(let number)? = try value(name) else { preconditionFailure("\(name) has a number default") }
        return number
    }

    func bool(_ name: String) throws(DisplayTreeError) -> Bool {
        guard case .bool(let flag)? = try value(name) else { preconditionFailure("\(name) has a boolean default") }
        return flag
    }

    func optionalString(_ name: String) throws(DisplayTreeError) -> String? {
        guard case .string(let string)? = try value(name) else { return nil }
        return string
    }

    func requiredString(_ name: String) throws(DisplayTreeError) -> String {
        guard let string = try optionalString(name) else { throw fail(schema.missing(schema.field(name)!)) }
        return string
    }

    func optionalEnumeration<E: RawRepresentable>(_ name: String) throws(DisplayTreeError) -> E? where E.RawValue == String {
        try optionalString(name).map { E(rawValue: $0)! }
    }

    func requiredEnumeration<E: RawRepresentable>(_ name: String) throws(DisplayTreeError) -> E where E.RawValue == String {
        guard let value: E = try optionalEnumeration(name) else { throw fail(schema.missing(schema.field(name)!)) }
        return value
    }

    func enumeration<E: RawRepresentable>(_ name: String) throws(DisplayTreeError) -> E where E.RawValue == String {
        guard let value: E = try optionalEnumeration(name) else { preconditionFailure("\(name) has a default") }
        return value
    }

    /// A number for every edge, or a table of `top bottom leading trailing horizontal vertical
    /// all`: `all` first, then `horizontal`/`vertical`, then single edges, the most specific winning.
    func padding() throws(DisplayTreeError) -> EdgeInsets {
        switch try value("padding") {
        case .number(let value)?: return EdgeInsets(all: value)
        case .table(let edges)?:
            var values: [String: Double] = [:]
            for (name, value) in edges { if case .number(let number) = value { values[name] = number } }
            let all = values["all"] ?? 0
            let horizontal = values["horizontal"] ?? all, vertical = values["vertical"] ?? all
            return EdgeInsets(
                top: values["top"] ?? vertical, bottom: values["bottom"] ?? vertical,
                leading: values["leading"] ?? horizontal, trailing: values["trailing"] ?? horizontal)
        default: return .zero
        }
    }

    /// `uri` (default preset `icon`) or `pixels` (default preset `fill`), as DAT's two initialisers.
    func image() throws(DisplayTreeError) -> Image {
        let cornerRadius: CornerRadius = try enumeration("corner_radius")
        let preset: ImageSize? = try optionalEnumeration("size_preset")
        if let problem = DisplaySchema.imageSourceProblem(hasURI: spec.properties["uri"] != nil, hasPixels: spec.properties["pixels"] != nil) {
            throw fail(problem)
        }
        if case .pixels(let pixels)? = try value("pixels") {
            return Image(image: pixels, sizePreset: preset ?? .fill, cornerRadius: cornerRadius)
        }
        return Image(uri: try requiredString("uri"), sizePreset: preset ?? .icon, cornerRadius: cornerRadius)
    }
}
