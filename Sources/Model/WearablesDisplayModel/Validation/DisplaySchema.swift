import Spelling

extension DisplayField.Kind {
    /// An enum's cases by name.
    static func enumeration<E: RawRepresentable & CaseIterable>(_: E.Type) -> Self where E.RawValue == String {
        .enumeration(type: _typeName(E.self, qualified: false), names: E.allCases.map(\.rawValue))
    }
}

/// One field a component takes: its type, whether it must be given, its default and limits.
public struct DisplayField: Sendable {
    public enum Kind: Sendable, Equatable {
        case string
        case number
        case boolean
        /// One of these names: an enum's raw values in declaration order, and the enum's name.
        case enumeration(type: String, names: [String])
        /// A number for every edge, or a table of named edges (``DisplaySchema/paddingEdges``).
        case padding
        /// A picture the script holds (a photo or a frame).
        case pixels
        /// A list of components, of one kind when `only` says so (Lua only: a spec carries them
        /// apart from its properties).
        case children(only: ComponentKind?)
        /// A function called with the component's id when it is tapped (Lua only: a spec says `tappable`).
        case onTap
    }

    public let name: String
    public let kind: Kind
    /// Must be given (`content`, `label`, an icon's `name`, a video's `url`).
    public let isRequired: Bool
    /// What a left-out field means: the value the decoder reads in its place.
    public let defaultValue: SpecValue?
    /// For numbers (and padding's edges): the values allowed.
    public let range: ClosedRange<Double>?
    /// For strings: the most UTF-8 bytes (ids count characters).
    public let maxBytes: Int?
    public let doc: String

    init(
        _ name: String, _ kind: Kind, required: Bool = false, default defaultValue: SpecValue? = nil, in range: ClosedRange<Double>? = nil,
        maxBytes: Int? = nil, _ doc: String
    ) {
        self.name = name
        self.kind = kind
        isRequired = required
        self.defaultValue = defaultValue
        self.range = range
        self.maxBytes = maxBytes
        self.doc = doc
    }

    /// An enum's cases by name, `fallback` when left out.
    static func enumeration<E: RawRepresentable & CaseIterable>(_ name: String, default fallback: E?, _ doc: String) -> DisplayField
    where E.RawValue == String {
        DisplayField(name, .enumeration(E.self), default: fallback.map { .string($0.rawValue) }, doc)
    }

    /// A property a spec may hold (children and on_tap travel beside the properties).
    public var isProperty: Bool {
        switch kind {
        case .children, .onTap: false
        default: true
        }
    }

    /// Why `value` cannot be this field, in the words both the run and `glasses check` use; nil when it fits.
    public func problem(_ value: SpecValue) -> String? {
        switch (kind, value) {
        case (.string, .string), (.boolean, .bool), (.pixels, .pixels): return nil
        case (.number, .number(let number)): return rangeProblem(number, name)
        case (.string, let other): return "\(name) must be a string, got \(other.typeName)"
        case (.number, let other): return "\(name) must be a number, got \(other.typeName)"
        case (.boolean, let other): return "\(name) must be a boolean, got \(other.typeName)"
        case (.pixels, let other): return "pixels must be an image's pixels, got \(other.typeName)"
        case (.enumeration(_, let names), .string(let raw)):
            if names.contains(raw) { return nil }
            // The 116 icon names would not fit one line: the reference lists them.
            let allowed = names.count > 12 ? "one of the \(names.count) icon names (the icon component lists them)" : "one of \(names.joined(separator: ", "))"
            return "\(name) must be \(allowed), got '\(raw)'\(NameSuggestion.hint(for: raw, in: names))"
        case (.enumeration, let other): return "\(name) must be a string, got \(other.typeName)"
        case (.padding, .number(let number)): return rangeProblem(number, name)
        case (.padding, .table(let edges)):
            for edge in edges.keys.sorted() {
                guard DisplaySchema.paddingEdges.contains(edge) else {
                    let names = DisplaySchema.paddingEdges
                    return "unknown padding edge '\(edge)'\(NameSuggestion.hint(for: edge, in: names)); edges: \(names.joined(separator: ", "))"
                }
                guard case .number(let number) = edges[edge] else { return "padding.\(edge) must be a number, got \(edges[edge]!.typeName)" }
                if let problem = rangeProblem(number, "padding.\(edge)") { return problem }
            }
            return nil
        case (.padding, let other): return "padding must be a number or a table of edges, got \(other.typeName)"
        case (.children, _), (.onTap, _): return nil
        }
    }

    /// A number outside ``range``: "flex_grow must be a number from 0 to 1000, got -1".
    public func rangeProblem(_ value: Double, _ label: String) -> String? {
        guard let range, !(value.isFinite && range.contains(value)) else { return nil }
        return "\(label) must be a number from \(Int(range.lowerBound)) to \(Int(range.upperBound)), got \(value)"
    }
}

/// One component: what scripts write as `{type = NAME, ...}` and the fields it takes.
public struct DisplayComponentSchema: Sendable {
    public let kind: ComponentKind
    public let doc: String
    /// Its own fields, then the ones every component takes (``DisplaySchema/common``).
    public let fields: [DisplayField]

    public var name: String { kind.rawValue }

    public func field(_ name: String) -> DisplayField? { fields.first { $0.name == name } }

    public var takesChildren: Bool { field("children") != nil }

    /// The one kind its children must be, if any (a button group's buttons).
    public var childKind: ComponentKind? {
        if case .children(let only)? = field("children")?.kind { return only }
        return nil
    }
    public var isTappable: Bool { field("on_tap") != nil }

    /// A field this component does not have, with the nearest name and the ones it has.
    public func unknownField(_ name: String) -> String {
        let names = fields.map(\.name)
        return "unknown field '\(name)' for a \(kind.rawValue)\(NameSuggestion.hint(for: name, in: names)); fields: \(names.joined(separator: ", "))"
    }

    /// A required field left out.
    public func missing(_ field: DisplayField) -> String {
        if kind == .icon { return "an icon needs a name (one of the \(IconName.allCases.count) icon names)" }
        return "a \(kind.rawValue) needs \(field.name) (a string)"
    }

    /// Children given to a component that takes none.
    public func unexpectedChildren(_ count: Int) -> String { "a \(kind.rawValue) takes no children, got \(count)" }
}

/// The display tree's vocabulary as one declaration: every component, its fields, their types,
/// defaults and limits. The decoder (`DisplayTree(spec:)`) reads specs by it and words its
/// refusals from it; GlassesScript makes the binding registry's types from it (the Lua
/// reference, llms.txt, LuaLS types, REPL help) and `glasses check`'s literal-tree check.
public enum DisplaySchema {
    public static let components: [DisplayComponentSchema] = [
        DisplayComponentSchema(
            kind: .flexbox,
            doc: "A container laying out its children in a column or a row (DAT FlexBox); with video, the only possible root.",
            fields: [
                DisplayField("children", .children(only: nil), "The components inside, in order."),
                .enumeration("direction", default: Direction.column, "The main axis; the reverses flip its start and end."),
                DisplayField("spacing", .number, default: .number(0), in: 0...DisplayLimits.maxLength, "Lens pixels between neighbouring children (and wrapped lines)."),
                .enumeration("alignment", default: Alignment.start, "Children along the main axis (stretch lays out as start)."),
                .enumeration("cross_alignment", default: Alignment.start, "Children across the main axis."),
                DisplayField("wrap", .boolean, default: .bool(false), "Wrap children onto further lines when they do not fit."),
                DisplayField(
                    "padding", .padding, default: .number(0), in: 0...DisplayLimits.maxLength,
                    "Lens pixels inside the edges: a number for all, or {top, bottom, leading, trailing, horizontal, vertical, all} (the most specific wins)."),
                .enumeration("background", default: Background.none, "card: a rounded panel behind the children."),
                DisplayField("tappable", .boolean, default: .bool(false), "Focusable and clickable; on_tap sets it."),
                DisplayField("on_tap", .onTap, "function(id), run as its own task when the box is tapped; makes it tappable."),
            ] + common),
        DisplayComponentSchema(
            kind: .text, doc: "A run of text that wraps at spaces to the width it gets (DAT Text).",
            fields: [
                DisplayField("content", .string, required: true, maxBytes: DisplayLimits.maxTextBytes, "The text."),
                .enumeration("style", default: TextStyle.body, "Its size and weight."),
                .enumeration("color", default: TextColor.primary, "primary (white) or secondary (grey)."),
            ] + common),
        DisplayComponentSchema(
            kind: .button, doc: "A label with an optional leading icon, tapped with the touchpad (DAT Button).",
            fields: [
                DisplayField("label", .string, required: true, maxBytes: DisplayLimits.maxTextBytes, "The button's text."),
                .enumeration("style", default: ButtonStyle.primary, "Filled (primary, secondary) or outlined."),
                .enumeration("icon", default: IconName?.none, "A leading icon, one of the icon component's names."),
                .enumeration("action_role", default: ActionRole?.none, "primary: the first such button takes focus when the content first shows."),
                DisplayField("on_tap", .onTap, "function(id), run as its own task when the button is tapped."),
            ] + common),
        DisplayComponentSchema(
            kind: .buttonGroup, doc: "Buttons in a row (DAT ButtonGroup); its children must be buttons.",
            fields: [
                DisplayField("children", .children(only: .button), "The buttons, in order."),
                .enumeration("alignment", default: ButtonGroupAlignment.center, "Where the row of buttons sits."),
            ] + common),
        DisplayComponentSchema(
            kind: .image, doc: "A picture from a URI or from pixels the script holds (a Photo or a Frame), fitted into the lens (DAT Image).",
            fields: [
                DisplayField("uri", .string, maxBytes: DisplayLimits.maxTextBytes, "An https URL; give uri or pixels."),
                DisplayField("pixels", .pixels, "A Photo or a Frame; give uri or pixels."),
                .enumeration("size_preset", default: ImageSize?.none, "icon (the default with uri) or fill (the default with pixels)."),
                .enumeration("corner_radius", default: CornerRadius.none, "Rounded corners."),
            ] + common),
        DisplayComponentSchema(
            kind: .icon, doc: "One of DAT's named icons (DAT Icon).",
            fields: [
                DisplayField("name", .enumeration(IconName.self), required: true, "Which icon."),
                .enumeration("style", default: IconStyle.filled, "Filled or outlined."),
            ] + common),
        DisplayComponentSchema(
            kind: .video, doc: "A whole-display video from an http(s) URL (DAT VideoPlayer); a root only. Display:play writes one.",
            fields: [
                DisplayField("url", .string, required: true, maxBytes: DisplayLimits.maxTextBytes, "An http:// or https:// URL of the video."),
                .enumeration("codec", default: VideoCodec.mp4, "The video's container."),
            ] + common),
    ]

    /// The fields every component takes (DAT's `ViewComponent` modifiers and our id).
    public static let common: [DisplayField] = [
        DisplayField(
            "id", .string, maxBytes: DisplayLimits.maxIdLength,
            "Unique in the tree; on_tap and tap listeners get it. Left out: the path (root, root.2, root.2.1)."),
        DisplayField("flex_grow", .number, default: .number(0), in: 0...DisplayLimits.maxFlexFactor, "Share of the parent's spare room along its main axis."),
        DisplayField("flex_shrink", .number, default: .number(1), in: 0...DisplayLimits.maxFlexFactor, "Share of the overflow it gives up along the main axis."),
        .enumeration("align_self", default: Alignment?.none, "Overrides the parent's cross_alignment for this component."),
    ]

    /// Padding's edge names, in the order they apply (`all`, then the axes, then single edges).
    public static let paddingEdges = ["all", "horizontal", "vertical", "top", "bottom", "leading", "trailing"]

    public static func component(_ kind: ComponentKind) -> DisplayComponentSchema {
        components.first { $0.kind == kind }!
    }

    /// The component a spec's `type` names, or the refusal naming the nearest and the ones there are.
    public static func component(named type: String) -> Result<DisplayComponentSchema, UnknownComponent> {
        guard let kind = ComponentKind(rawValue: type) else { return .failure(UnknownComponent(type: type)) }
        return .success(component(kind))
    }

    public struct UnknownComponent: Error, Sendable {
        public let type: String
        public var message: String {
            let names = ComponentKind.allCases.map(\.rawValue)
            return "unknown component '\(type)'\(NameSuggestion.hint(for: type, in: names)); components: \(names.joined(separator: ", "))"
        }
    }

    /// An image given both sources or neither.
    public static func imageSourceProblem(hasURI: Bool, hasPixels: Bool) -> String? {
        switch (hasURI, hasPixels) {
        case (false, false): "an image needs uri (a string) or pixels"
        case (true, true): "an image takes uri or pixels, not both"
        default: nil
        }
    }

    /// A root that is neither a flexbox nor a video.
    public static func rootProblem(_ kind: ComponentKind) -> String? {
        kind == .flexbox || kind == .video ? nil : "a display shows a flexbox or a video at its root, got \(kind.rawValue)"
    }

    /// A child of a kind its parent does not take (a button group's must be buttons).
    public static func childProblem(parent: ComponentKind, child: ComponentKind) -> String? {
        guard let only = component(parent).childKind, only != child else { return nil }
        return "a \(parent.rawValue) takes \(only.rawValue)s, got \(child.rawValue)"
    }

    /// A video below the root.
    public static func nestedVideoProblem(parent: ComponentKind) -> String {
        "a video can only be the root of a display, not inside a \(parent.rawValue)"
    }
}
