import GlassesScript
import WearablesDisplay

/// `glasses check`'s look at a display tree written as a literal (`d:show{type = "flexbox", ...}`):
/// what can be told without running, in the run's own words, for the run makes them in the same
/// places: the reader's (``DisplayTreeReader/Words``) and the schema's (`DisplaySchema`).
/// A value the scan cannot tell (a variable, a call, a function) passes, so does a table with
/// computed keys where a field may hide. Like the run, it reports the first problem, in the run's
/// order: what the reader refuses anywhere, then what the decoder refuses, then the tree's rules.
enum DisplayTreeLiteralCheck {
    /// `root.2: unknown component 'txt' (did you mean 'text'?); ...`, or nil.
    static func problem(_ tree: LuaLiteral) -> String? {
        let problem = read(tree, path: "root") ?? decode(tree, path: "root") ?? arrange(tree)
        return problem.map { "\($0.path): \($0.message)" }
    }

    private typealias Problem = (path: String, message: String)

    /// What `DisplayTreeReader` refuses.
    private static func read(_ literal: LuaLiteral, path: String) -> Problem? {
        guard case .table(let fields, let items, let computed) = literal else {
            guard let got = literal.typeName else { return nil }
            return (path, path == "root" ? DisplayTreeReader.Words.rootExpected(got) : DisplayTreeReader.Words.childExpected(got))
        }
        if !items.isEmpty { return (path, DisplayTreeReader.Words.positionalItem("1")) }
        for (key, value) in fields {
            guard let got = value.typeName, got != "nil" else { continue }
            switch key {
            case "type": if got != "string" { return (path, DisplayTreeReader.Words.typeExpected(got)) }
            case "children": if got != "table" { return (path, DisplayTreeReader.Words.childrenExpected(got)) }
            case "on_tap": return (path, DisplayTreeReader.Words.onTapExpected(got))
            default:
                guard case .table(let edges, _, _) = value else { continue }
                for (edge, item) in edges {
                    if let itemType = item.typeName, itemType != "number" {
                        return (path, DisplayTreeReader.Words.edgeExpected(key, edge, itemType))
                    }
                }
            }
        }
        let type = field("type", in: fields)
        if type == nil, !computed { return (path, DisplayTreeReader.Words.typeMissing) }
        if case .string(let name)? = type, field("on_tap", in: fields) != nil, let problem = DisplayTreeReader.Words.notTappable(name) {
            return (path, problem)
        }
        for (offset, child) in children(fields).enumerated() {
            if let problem = read(child, path: "\(path).\(offset + 1)") { return problem }
        }
        return nil
    }

    /// What the decoder (`DisplayTree(spec:)`) refuses, by the component's schema.
    private static func decode(_ literal: LuaLiteral, path: String) -> Problem? {
        guard case .table(let fields, _, let computed) = literal, case .string(let type)? = field("type", in: fields) else { return nil }
        let schema: DisplayComponentSchema
        switch DisplaySchema.component(named: type) {
        case .success(let found): schema = found
        case .failure(let unknown): return (path, unknown.message)
        }
        let given = fields.filter { $0.value.typeName != "nil" && !["type", "children", "on_tap"].contains($0.key) }
        for name in given.map(\.key).sorted() where schema.field(name)?.isProperty != true {
            return (path, schema.unknownField(name))
        }
        let kids = children(fields)
        if !kids.isEmpty, !schema.takesChildren { return (path, schema.unexpectedChildren(kids.count)) }
        for (offset, child) in kids.enumerated() {
            if let problem = decode(child, path: "\(path).\(offset + 1)") { return problem }
        }
        if schema.kind == .image, !computed,
            let problem = DisplaySchema.imageSourceProblem(hasURI: field("uri", in: fields) != nil, hasPixels: field("pixels", in: fields) != nil)
        {
            return (path, problem)
        }
        for field in schema.fields where field.isProperty {
            guard let literal = self.field(field.name, in: fields) else {
                if field.isRequired, !computed { return (path, schema.missing(field)) }
                continue
            }
            if let value = value(literal), let problem = field.problem(value) { return (path, problem) }
        }
        return nil
    }

    /// The tree's rules (`DisplayTree`): what the root may be, what a parent takes.
    private static func arrange(_ root: LuaLiteral) -> Problem? {
        guard let kind = kind(root) else { return nil }
        if let problem = DisplaySchema.rootProblem(kind) { return ("root", problem) }
        func visit(_ literal: LuaLiteral, _ kind: ComponentKind, path: String) -> Problem? {
            guard case .table(let fields, _, _) = literal else { return nil }
            for (offset, child) in children(fields).enumerated() {
                guard let childKind = self.kind(child) else { continue }
                let childPath = "\(path).\(offset + 1)"
                if let problem = DisplaySchema.childProblem(parent: kind, child: childKind) { return (childPath, problem) }
                if childKind == .video { return (childPath, DisplaySchema.nestedVideoProblem(parent: kind)) }
                if let problem = visit(child, childKind, path: childPath) { return problem }
            }
            return nil
        }
        return visit(root, kind, path: "root")
    }

    private static func kind(_ literal: LuaLiteral) -> ComponentKind? {
        guard case .table(let fields, _, _) = literal, case .string(let type)? = field("type", in: fields) else { return nil }
        return ComponentKind(rawValue: type)
    }

    /// The field's literal, unless it is left out or nil (a table does not hold nil).
    private static func field(_ name: String, in fields: [(key: String, value: LuaLiteral)]) -> LuaLiteral? {
        guard let value = fields.last(where: { $0.key == name })?.value else { return nil }
        if case .nil = value { return nil }
        return value
    }

    private static func children(_ fields: [(key: String, value: LuaLiteral)]) -> [LuaLiteral] {
        guard case .table(_, let items, _)? = field("children", in: fields) else { return [] }
        return items
    }

    /// A literal as the reader would carry it; nil when the scan cannot tell it.
    private static func value(_ literal: LuaLiteral) -> SpecValue? {
        switch literal {
        case .string(let text): return .string(text)
        case .number(let text): return Double(text).map(SpecValue.number)
        case .boolean(let flag): return .bool(flag)
        case .table(let fields, let items, let computed):
            guard items.isEmpty, !computed else { return nil }
            var table: [String: SpecValue] = [:]
            for (key, item) in fields {
                guard case .number(let text) = item, let number = Double(text) else { return nil }
                table[key] = .number(number)
            }
            return .table(table)
        case .nil, .expression: return nil
        }
    }
}
