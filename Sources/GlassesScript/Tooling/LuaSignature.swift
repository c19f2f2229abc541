import FoundationEssentials

/// A registry signature such as `wearables.device(id: string) -> Device?`,
/// split into the parts LuaLS annotations need. Types are kept as written:
/// the registry already uses LuaLS type syntax (`Device?`, `"low"|"high"`, `fun(d: Device): boolean`).
struct LuaSignature: Equatable {
    struct Parameter: Equatable {
        let name: String
        let type: String
        let optional: Bool
    }

    /// `wearables`, `mock.permissions` or the instance name (`cam`); nil for a global function.
    let owner: String?
    /// True for `obj:method(...)`.
    let isMethod: Bool
    let name: String
    let parameters: [Parameter]
    /// One entry per returned value; `...` means any number of values.
    let returns: [String]

    /// Parses a signature; nil when it has no parameter list.
    init?(_ text: String) {
        guard let open = text.firstIndex(of: "("),
            let close = LuaSignature.matchingClose(in: text, from: open)
        else { return nil }
        let head = text[..<open].trimmingWhitespace()
        if let colon = head.lastIndex(of: ":") {
            owner = String(head[..<colon])
            isMethod = true
            name = String(head[head.index(after: colon)...])
        } else if let dot = head.lastIndex(of: ".") {
            owner = String(head[..<dot])
            isMethod = false
            name = String(head[head.index(after: dot)...])
        } else {
            owner = nil
            isMethod = false
            name = head
        }
        guard !name.isEmpty else { return nil }
        let inner = String(text[text.index(after: open)..<close])
        parameters = LuaSignature.splitTopLevel(inner, on: ",").compactMap(LuaSignature.parameter)
        let rest = text[text.index(after: close)...].trimmingWhitespace()
        if rest.hasPrefix("->") {
            let returned = rest.dropFirst(2).trimmingWhitespace()
            returns = LuaSignature.splitTopLevel(returned, on: ",").map {
                $0.replacing(" | ", with: "|")
            }
        } else {
            returns = []
        }
    }

    private static func parameter(_ text: String) -> Parameter? {
        let parts = splitTopLevel(text, on: ":", limit: 1)
        guard let rawName = parts.first, !rawName.isEmpty else { return nil }
        let optional = rawName.hasSuffix("?")
        let name = optional ? String(rawName.dropLast()) : rawName
        return Parameter(name: name, type: parts.count > 1 ? parts[1] : "any", optional: optional)
    }

    /// The `)` closing the `(` at `open`, skipping nested brackets and strings.
    private static func matchingClose(in text: String, from open: String.Index) -> String.Index? {
        var close: String.Index?
        walk(text[open...]) { index, _, depth, role in
            if role == .bracket, depth == 0 { close = index }
            return close == nil
        }
        return close
    }

    /// Splits on `separator` outside brackets and strings, trimming each part.
    static func splitTopLevel(_ text: String, on separator: Character, limit: Int = .max) -> [String] {
        var parts: [String] = []
        var current = ""
        walk(text[...]) { _, character, depth, role in
            if role == .plain, character == separator, depth == 0, parts.count < limit {
                parts.append(current.trimmingWhitespace())
                current = ""
            } else {
                current.append(character)
            }
            return true
        }
        let last = current.trimmingWhitespace()
        if !last.isEmpty || !parts.isEmpty { parts.append(last) }
        return parts
    }

    private enum Role { case plain, quoted, bracket }

    /// Visits each character with the bracket depth after it and its role:
    /// inside (or delimiting) a string literal, a bracket, or plain text.
    /// Brackets count only outside strings. The walk stops when `visit` returns false.
    private static func walk(_ text: Substring, _ visit: (String.Index, Character, Int, Role) -> Bool) {
        var depth = 0
        var quote: Character?
        for index in text.indices {
            let character = text[index]
            let role: Role
            if let q = quote {
                if character == q { quote = nil }
                role = .quoted
            } else if character == "\"" || character == "'" {
                quote = character
                role = .quoted
            } else if "([{".contains(character) {
                depth += 1
                role = .bracket
            } else if ")]}".contains(character) {
                depth -= 1
                role = .bracket
            } else {
                role = .plain
            }
            if !visit(index, character, depth, role) { return }
        }
    }
}
