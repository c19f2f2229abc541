import LuaHost

/// Tab completion: globals, fields of tables (`wearables.`), and for userdata the
/// fields (`cam.`) and methods (`cam:`) of its class from the binding registry.
extension ReplSession {
    /// Candidates that replace `word`, the identifier path before the cursor
    /// (`wea`, `wearables.se`, `cam:st`), sorted.
    public func completions(for word: String) -> [String] {
        if word.first == "." {
            return ["help", "world", "load", "trace", "quit"].map { "." + $0 }.filter { $0.hasPrefix(word) }
        }
        guard let separator = word.lastIndex(where: { $0 == "." || $0 == ":" }) else {
            return names(in: .nil, prefix: word, global: true).map { $0 }
        }
        let owner = String(word[..<separator])
        let isMethod = word[separator] == ":"
        let prefix = String(word[word.index(after: separator)...])
        guard let value = try? runtime.state.call(support.lookup, [.string(owner)]).first else { return [] }
        let head = owner + String(word[separator])
        if let class_ = className(of: value),
            let binding = runtime.state.bindings.classes.first(where: { $0.name == class_ })
        {
            let methods = runtime.state.bindings.methods(of: binding).map(\.name)
            let members = isMethod ? methods : binding.fields.map(\.name) + binding.methods.map(\.name)
            return members.filter { $0.hasPrefix(prefix) }.sorted().map { head + $0 }
        }
        return names(in: value, prefix: prefix, global: false).map { head + $0 }
    }

    private func names(in value: LuaValue, prefix: String, global: Bool) -> [String] {
        let target: LuaValue
        if global {
            guard let globals = try? runtime.state.global("_G") else { return [] }
            target = globals
        } else {
            target = value
        }
        guard case .string(let text)? = try? runtime.state.call(support.keys, [target]).first else { return [] }
        return text.split(separator: "\n").map(String.init).filter { $0.hasPrefix(prefix) }
    }

    private func className(of value: LuaValue) -> String? {
        guard case .string(let name)? = try? runtime.state.call(support.classOf, [value]).first else { return nil }
        return name
    }
}
