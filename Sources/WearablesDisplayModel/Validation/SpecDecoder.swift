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

/// Spec to typed nodes, one component kind per method.
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
        guard let kind = ComponentKind(rawValue: spec.type) else {
            let names = ComponentKind.allCases.map(\.rawValue)
            throw DisplayTreeError(.invalidTree, at: path, "unknown component '\(spec.type)'\(NameSuggestion.hint(for: spec.type, in: names)); components: \(names.joined(separator: ", "))")
        }
        let fields = Fields(spec: spec, kind: kind, path: path)
        try fields.checkNames()
        if !spec.children.isEmpty, kind != .flexbox, kind != .buttonGroup {
            throw DisplayTreeError(.invalidTree, at: path, "a \(kind.rawValue) takes no children, got \(spec.children.count)")
        }
        var children: [DisplayNode] = []
        for (offset, child) in spec.children.enumerated() {
            children.append(try node(child, path: "\(path).\(offset + 1)", depth: depth + 1))
        }
        let component: Component
        switch kind {
        case .flexbox:
            component = .flexBox(FlexBox(
                direction: try fields.enumeration("direction", Direction.column),
                spacing: try fields.number("spacing", 0),
                alignment: try fields.enumeration("alignment", Alignment.start),
                crossAlignment: try fields.enumeration("cross_alignment", Alignment.start),
                wrap: try fields.bool("wrap", false),
                padding: try fields.padding(),
                background: try fields.enumeration("background", Background.none),
                tappable: try fields.bool("tappable", false),
                children: children))
        case .text:
            component = .text(Text(
                try fields.requiredString("content"),
                style: try fields.enumeration("style", TextStyle.body),
                color: try fields.enumeration("color", TextColor.primary)))
        case .button:
            component = .button(Button(
                label: try fields.requiredString("label"),
                style: try fields.enumeration("style", ButtonStyle.primary),
                iconName: try fields.optionalEnumeration("icon", IconName.self),
                actionRole: try fields.optionalEnumeration("action_role", ActionRole.self)))
        case .buttonGroup:
            component = .buttonGroup(ButtonGroup(alignment: try fields.enumeration("alignment", ButtonGroupAlignment.center), buttons: children))
        case .image:
            component = .image(try fields.image())
        case .icon:
            guard let name = try fields.optionalEnumeration("name", IconName.self) else {
                throw DisplayTreeError(.invalidTree, at: path, "an icon needs a name (one of ui.icons)")
            }
            component = .icon(Icon(name: name, style: try fields.enumeration("style", IconStyle.filled)))
        case .video:
            component = .videoPlayer(VideoPlayer(url: try fields.requiredString("url"), codec: try fields.enumeration("codec", VideoCodec.mp4)))
        }
        let id: String? = try fields.optionalString("id")
        return DisplayNode(
            component, id: id, flexGrow: try fields.number("flex_grow", 0), flexShrink: try fields.number("flex_shrink", 1),
            alignSelf: try fields.optionalEnumeration("align_self", Alignment.self))
    }
}

/// One spec's properties, read by name and type.
private struct Fields {
    let spec: ComponentSpec
    let kind: ComponentKind
    let path: String

    /// The properties each component takes besides `id`, `flex_grow`, `flex_shrink`, `align_self`.
    static func names(of kind: ComponentKind) -> [String] {
        switch kind {
        case .flexbox: ["direction", "spacing", "alignment", "cross_alignment", "wrap", "padding", "background", "tappable"]
        case .text: ["content", "style", "color"]
        case .button: ["label", "style", "icon", "action_role"]
        case .buttonGroup: ["alignment"]
        case .image: ["uri", "pixels", "size_preset", "corner_radius"]
        case .icon: ["name", "style"]
        case .video: ["url", "codec"]
        }
    }

    static let common = ["id", "flex_grow", "flex_shrink", "align_self"]

    func checkNames() throws(DisplayTreeError) {
        let allowed = Self.names(of: kind) + Self.common
        for name in spec.properties.keys.sorted() where !allowed.contains(name) {
            throw fail("unknown field '\(name)' for a \(kind.rawValue)\(NameSuggestion.hint(for: name, in: allowed)); fields: \(allowed.joined(separator: ", "))")
        }
    }

    func fail(_ message: String) -> DisplayTreeError { DisplayTreeError(.invalidTree, at: path, message) }

    func number(_ name: String, _ fallback: Double) throws(DisplayTreeError) -> Double {
        switch spec.properties[name] {
        case nil: return fallback
        case .number(let value): return value
        case let other?: throw fail("\(name) must be a number, got \(other.typeName)")
        }
    }

    func bool(_ name: String, _ fallback: Bool) throws(DisplayTreeError) -> Bool {
        switch spec.properties[name] {
        case nil: return fallback
        case .bool(let value): return value
        case let other?: throw fail("\(name) must be a boolean, got \(other.typeName)")
        }
    }

    func optionalString(_ name: String) throws(DisplayTreeError) -> String? {
        switch spec.properties[name] {
        case nil: return nil
        case .string(let value): return value
        case let other?: throw fail("\(name) must be a string, got \(other.typeName)")
        }
    }

    func requiredString(_ name: String) throws(DisplayTreeError) -> String {
        guard let value = try optionalString(name) else { throw fail("a \(kind.rawValue) needs \(name) (a string)") }
        return value
    }

    func optionalEnumeration<E: RawRepresentable & CaseIterable>(_ name: String, _: E.Type) throws(DisplayTreeError) -> E?
    where E.RawValue == String {
        guard let raw = try optionalString(name) else { return nil }
        if let value = E(rawValue: raw) { return value }
        let names = E.allCases.map(\.rawValue)
        let hint = NameSuggestion.hint(for: raw, in: names)
        // 116 icon names would not fit one line: they are listed by ui.icons.
        let allowed = names.count > 12 ? "one of the \(names.count) in ui.icons" : "one of \(names.joined(separator: ", "))"
        throw fail("\(name) must be \(allowed), got '\(raw)'\(hint)")
    }

    func enumeration<E: RawRepresentable & CaseIterable>(_ name: String, _ fallback: E) throws(DisplayTreeError) -> E
    where E.RawValue == String {
        try optionalEnumeration(name, E.self) ?? fallback
    }

    /// A number for every edge, or a table of `top bottom leading trailing horizontal vertical
    /// all`: `all` first, then `horizontal`/`vertical`, then single edges, the most specific winning.
    func padding() throws(DisplayTreeError) -> EdgeInsets {
        switch spec.properties["padding"] {
        case nil: return .zero
        case .number(let value): return EdgeInsets(all: value)
        case .table(let edges):
            let allowed = ["all", "horizontal", "vertical", "top", "bottom", "leading", "trailing"]
            var values: [String: Double] = [:]
            for (name, value) in edges {
                guard allowed.contains(name) else {
                    throw fail("unknown padding edge '\(name)'\(NameSuggestion.hint(for: name, in: allowed)); edges: \(allowed.joined(separator: ", "))")
                }
                guard case .number(let number) = value else { throw fail("padding.\(name) must be a number, got \(value.typeName)") }
                values[name] = number
            }
            let all = values["all"] ?? 0
            let horizontal = values["horizontal"] ?? all, vertical = values["vertical"] ?? all
            return EdgeInsets(
                top: values["top"] ?? vertical, bottom: values["bottom"] ?? vertical,
                leading: values["leading"] ?? horizontal, trailing: values["trailing"] ?? horizontal)
        case let other?: throw fail("padding must be a number or a table of edges, got \(other.typeName)")
        }
    }

    /// `uri` (default preset `icon`) or `pixels` (default preset `fill`), as DAT's two initialisers.
    func image() throws(DisplayTreeError) -> Image {
        let cornerRadius = try enumeration("corner_radius", CornerRadius.none)
        let preset = try optionalEnumeration("size_preset", ImageSize.self)
        switch (spec.properties["uri"], spec.properties["pixels"]) {
        case (nil, .pixels(let pixels)?):
            return Image(image: pixels, sizePreset: preset ?? .fill, cornerRadius: cornerRadius)
        case (_?, nil):
            return Image(uri: try requiredString("uri"), sizePreset: preset ?? .icon, cornerRadius: cornerRadius)
        case (nil, let other?):
            throw fail("pixels must be an image's pixels, got \(other.typeName)")
        case (nil, nil):
            throw fail("an image needs uri (a string) or pixels")
        case (_?, _?):
            throw fail("an image takes uri or pixels, not both")
        }
    }
}
