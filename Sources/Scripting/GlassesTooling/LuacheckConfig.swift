import LuaHost

/// A luacheck config (`.luacheckrc`) naming the globals a run provides, module
/// fields included, as read-only: luacheck then flags a misspelt
/// `wearables.strem` and any assignment to a host global, as it would for
/// Lua's own standard library.
struct LuacheckConfig {
    let bindings: LuaBindings

    var text: String {
        var lines = [
            "-- Written by `glasses types`: the globals a glasses run provides.",
            "std = \"lua54\"",
            "read_globals = {",
            "  \"arg\",",
        ]
        lines += bindings.globals.map { "  \(Self.quoted($0.name))," }
        for module in bindings.modules where !module.name.contains(".") {
            lines.append("  \(module.name) = \(fields(of: module.name)),")
        }
        lines += ["}", ""]
        return lines.joined(separator: "\n")
    }

    /// `{ fields = { "a", sub = { fields = {...} } } }` for the module `name` and its submodules.
    private func fields(of name: String) -> String {
        guard let module = bindings.modules.first(where: { $0.name == name }) else { return "{}" }
        var entries = module.functions.map { Self.quoted($0.name) }
        for child in bindings.modules where child.name.hasPrefix(name + ".") {
            let rest = child.name.dropFirst(name.count + 1)
            if !rest.contains(".") { entries.append("\(rest) = \(fields(of: child.name))") }
        }
        return "{ fields = { " + entries.joined(separator: ", ") + " } }"
    }

    private static func quoted(_ name: String) -> String { "\"\(name)\"" }
}
