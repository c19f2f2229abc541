import LuaHost

/// An argument as `glasses check` sees it in the source: a literal it can
/// judge against a parameter's ``LuaType``, or an expression it cannot.
indirect enum LuaLiteral {
    case string(String)
    /// As written: `30`, `0.5`, `0x1F`.
    case number(String)
    case boolean(Bool)
    case `nil`
    /// A table constructor: `key = value` fields and positional items; `computed` when it
    /// also has `[key] = value` entries, whose keys the scan cannot tell.
    case table(fields: [(key: String, value: LuaLiteral)], items: [LuaLiteral], computed: Bool)
    /// Any other expression (a name, a call, arithmetic).
    case expression

    /// The literal spanning `tokens`, or ``expression``.
    static func parse(_ tokens: ArraySlice<LuaTokenScanner.Token>) -> LuaLiteral {
        guard let first = tokens.first else { return .expression }
        if tokens.count == 1 {
            switch (first.kind, first.text) {
            case (.string, let text): return .string(text)
            case (.number, let text): return .number(text)
            case (.name, "true"): return .boolean(true)
            case (.name, "false"): return .boolean(false)
            case (.name, "nil"): return .nil
            default: return .expression
            }
        }
        if tokens.count == 2, first.text == "-", let number = tokens.last, number.kind == .number {
            return .number("-" + number.text)
        }
        guard first.text == "{", let close = LuaLiteral.closing(tokens, from: tokens.startIndex), close == tokens.endIndex - 1 else {
            return .expression
        }
        var fields: [(key: String, value: LuaLiteral)] = []
        var items: [LuaLiteral] = []
        var computed = false
        for entry in LuaLiteral.split(tokens[(tokens.startIndex + 1)..<close], on: [",", ";"]) where !entry.isEmpty {
            let start = entry.startIndex
            if entry.count > 2, entry[start].kind == .name, entry[start + 1].text == "=" {
                fields.append((entry[start].text, parse(entry[(start + 2)...])))
            } else if entry.first?.text == "[" {
                computed = true  // nothing to check, but the table may hold any key
            } else {
                items.append(parse(entry))
            }
        }
        return .table(fields: fields, items: items, computed: computed)
    }

    /// Splits on top-level separators (outside brackets and function bodies: the `,` and `;`
    /// of `on_tap = function() a = 1; b = 2 end` are the body's).
    static func split(_ tokens: ArraySlice<LuaTokenScanner.Token>, on separators: Set<String>) -> [ArraySlice<LuaTokenScanner.Token>] {
        var parts: [ArraySlice<LuaTokenScanner.Token>] = []
        var depth = 0
        var start = tokens.startIndex
        for index in tokens.indices {
            let text = tokens[index].text
            if tokens[index].kind == .name {
                if blockOpeners.contains(text) { depth += 1 }
                if blockClosers.contains(text) { depth -= 1 }
                continue
            }
            guard tokens[index].kind == .symbol else { continue }
            if ["(", "{", "["].contains(text) { depth += 1 }
            if [")", "}", "]"].contains(text) { depth -= 1 }
            if depth == 0, separators.contains(text) {
                parts.append(tokens[start..<index])
                start = index + 1
            }
        }
        parts.append(tokens[start..<tokens.endIndex])
        return parts
    }

    /// Keywords that open a block closed by `end` or `until` (`for` and `while` open theirs with `do`).
    private static let blockOpeners: Set<String> = ["function", "do", "if", "repeat"]
    private static let blockClosers: Set<String> = ["end", "until"]

    /// The index of the bracket closing the one at `open`.
    static func closing(_ tokens: ArraySlice<LuaTokenScanner.Token>, from open: Int) -> Int? {
        var depth = 0
        for index in open..<tokens.endIndex where tokens[index].kind == .symbol {
            let text = tokens[index].text
            if ["(", "{", "["].contains(text) { depth += 1 }
            if [")", "}", "]"].contains(text) {
                depth -= 1
                if depth == 0 { return index }
            }
        }
        return nil
    }

    /// The Lua type name, as `type()` would say; nil for an expression.
    var typeName: String? {
        switch self {
        case .string: "string"
        case .number: "number"
        case .boolean: "boolean"
        case .nil: "nil"
        case .table: "table"
        case .expression: nil
        }
    }

    /// What is wrong with passing this literal where `type` is expected, in
    /// the words the run would raise; nil when it fits or cannot be judged.
    func mismatch(_ type: LuaType) -> String? {
        guard let actual = typeName else { return nil }
        let expected = { (name: String) in "\(name) expected, got \(actual)" }
        switch (type, self) {
        case (.any, _), (.variadic, _): return nil
        case (.optional, .nil): return nil
        case (.optional(let wrapped), _): return mismatch(wrapped)
        case (.alias(_, let definition), _): return mismatch(definition)
        case (.union(let members), _):
            let problems = members.map(mismatch)
            if problems.contains(where: { $0 == nil }) { return nil }
            let invalid = problems.compactMap { $0 }.first { !$0.hasSuffix("got \(actual)") }
            return invalid ?? expected(members.map(LuaLiteral.expectedName).joined(separator: " or "))
        case (.nil, .nil), (.boolean, .boolean), (.true, .boolean(true)), (.string, .string), (.string, .number),
            (.number, .number), (.table, .table):
            return nil
        // The run converts numeric strings, as Lua's own library does.
        case (.number, .string(let text)) where Double(text) != nil: return nil
        case (.integer, .string(let text)) where Int(text) != nil: return nil
        case (.integer, .number(let text)), (.integers, .number(let text)):
            guard let value = LuaLiteral.integer(text) else {
                return LuaLiteral.isHex(text) || Double(text) == nil ? nil : "number has no integer representation"
            }
            guard case .integers(let values) = type, !values.contains(value) else { return nil }
            return "invalid value \(value) (expected one of: \(values.map(String.init).joined(separator: ", ")))"
        case (.strings(let values), .string(let text)), (.strings(let values), .number(let text)):
            return values.contains(text) ? nil : "invalid value '\(text)' (expected one of: \(values.joined(separator: ", ")))"
        case (.record(let known), .table(let fields, let items, _)):
            if !items.isEmpty { return "unexpected item [1] (\(LuaParameter.positionalItem))" }
            for field in fields {
                guard let parameter = known.first(where: { $0.name == field.key }) else {
                    return LuaParameter.unknownField(field.key, among: known)
                }
                if let problem = field.value.mismatch(parameter.isOptional ? .optional(parameter.type) : parameter.type) {
                    return "field '\(field.key)': \(problem)"
                }
            }
            return nil
        case (.array(let element), .table(_, let items, _)):
            return items.lazy.compactMap { $0.mismatch(element) }.first
        default: return expected(LuaLiteral.expectedName(type))
        }
    }

    /// A number literal outside the parameter's range, in the run's words.
    func rangeProblem(_ parameter: LuaParameter) -> String? {
        guard case .number(let text) = self else { return nil }
        let value = LuaLiteral.isHex(text) ? LuaLiteral.integer(text).map(Double.init) : Double(text)
        return value.flatMap(parameter.rangeProblem)
    }

    /// The integer a number literal stands for (`30`, `0x1E`, `3e1`), nil if it has none or cannot be read.
    private static func integer(_ text: String) -> Int? {
        if isHex(text) { return Int(text.drop { $0 == "-" }.dropFirst(2), radix: 16).map { text.hasPrefix("-") ? -$0 : $0 } }
        if let value = Int(text) { return value }
        guard let value = Double(text), value == value.rounded(), abs(value) < 1e18 else { return nil }
        return Int(value)
    }

    private static func isHex(_ text: String) -> Bool { text.drop { $0 == "-" }.lowercased().hasPrefix("0x") }

    /// The name a type error gives for `type`, as the run's argument check does.
    private static func expectedName(_ type: LuaType) -> String {
        switch type {
        case .strings: "string"
        case .integers, .integer: "number"
        case .fun: "function"
        case .record, .array: "table"
        case .alias(_, let definition): expectedName(definition)
        case .optional(let wrapped): expectedName(wrapped)
        default: type.text
        }
    }
}
