import LuaHost

/// The Lua API reference, rendered from the binding registry as LuaLS types,
/// `.help` and `glasses check` are: Markdown for people (docs/lua-reference.md)
/// and an llms.txt-style plain text for coding assistants (docs/llms.txt). Both
/// are checked in and golden-tested, so a binding cannot change without them.
public struct LuaReferenceGenerator {
    public let bindings: LuaBindings

    public init(bindings: LuaBindings) {
        self.bindings = bindings
    }

    /// The rules a script cannot infer from signatures; both formats open with them.
    static let rules = [
        "Scripts run as tasks on one scheduler with a virtual clock by default (--realtime for the wall clock): the same script and seed give the same trace.",
        "`wait(s)` and the other waiting calls (`cam:start()`, `next_frame`, `wait_for`, every `mock` action) suspend the task or callback that makes them, also inside a metamethod or a `__close` handler that Lua code runs; in a `__gc` finalizer, a selector filter, a `__close` handler run by `cancel()` or by the run's end, or a function that C code calls (a `table.sort` comparator, a `string.gsub` callback, an `xpcall` message handler) they raise an error.",
        "`spawn`, `after`, `every` and `:on(event, fn)` callbacks run as tasks of their own; an uncaught error in any of them makes the run exit 1.",
        "A frame handed to a callback is borrowed: it is valid during the callback only; keep it with `frame:copy()` (or save it) before returning.",
        "Sandboxes (--sandbox): `trusted` (everything), `standard` (the default: no os.execute, io.popen, C modules or binary chunks) and `strict` (also no io, loadfile or package; require finds only modules beside the script). Files a script names stay in its folders; writes go under --out. A recipe runs in the sandbox it declares, never wider than its caller's.",
        "Exit codes: 0 done, n from exit(n), 1 an uncaught error, 2 a bad command line or a script that does not load, 3 a limit (--max-memory, --timeout, the horizon), 130 Ctrl-C, 143 SIGTERM.",
        "Restarts: wait at least 2 s after a session on a pair of glasses stops before starting the next on them. DAT's glasses wedge on a quicker restart: every start fails (`starting -> stopping -> stopped`, DeviceSessionError.unexpectedError), each failure counting as another quick restart, until a power cycle (`glasses.stuck` says so on the simulator). A stopped session stays stopped: make a new one with `wearables.session()`.",
        "Permissions: the camera needs `camera`, Speech needs `microphone`; ask with `wearables.request_permission(name)` before starting them. The default (`ready`) world has the camera granted and the microphone not; the simulated Meta AI app grants a request unless `mock.permissions.on_request` says otherwise.",
        "Failures from the glasses are error values with `.domain` (DAT's error type: StreamError, DeviceSessionError, PermissionError, ...), `.code` (the DAT case) and `.message`; bad arguments raise a Lua error naming the function, the argument and the allowed values.",
    ]

    // MARK: Markdown

    public func markdown() -> String {
        var lines = [
            "# Lua API reference", "",
            "Generated from the binding registry by `glasses docs --format markdown`; do not edit",
            "(a test compares it with the registry). Guides are in the other pages of docs/.", "",
            "## Rules", "",
        ]
        lines += Self.rules.map { "- " + $0 }
        lines += ["", "## Contents", ""]
        if !bindings.globals.isEmpty { lines.append("- [Globals](#globals)") }
        lines += bindings.modules.map { "- [`\($0.name)`](#\(anchor($0.name)))" }
        lines += bindings.classes.map { "- [\($0.name)](#\(anchor($0.name)))" }
        lines += bindings.records.map { "- [\($0.name)](#\(anchor($0.name)))" }
        if !bindings.globals.isEmpty {
            lines += ["", "## Globals", ""]
            for function in bindings.globals { lines += functionSection(function) }
        }
        for module in bindings.modules {
            lines += ["", "## `\(module.name)`", ""]
            if !module.doc.isEmpty { lines += [module.doc, ""] }
            if !module.example.isEmpty { lines += ["```lua", module.example.trimmingTrailingNewlines, "```", ""] }
            for function in module.functions { lines += functionSection(function) }
        }
        for luaClass in bindings.classes {
            lines += ["", "## \(luaClass.name)", ""]
            if !luaClass.doc.isEmpty { lines += [luaClass.doc, ""] }
            if luaClass.isImplementedInLua { lines += ["Made by Lua code; its calls are not checked by the registry.", ""] }
            if !luaClass.fields.isEmpty {
                lines += ["| Field | Type | |", "|---|---|---|"]
                lines += luaClass.fields.map { "| `\($0.name)` | \(cell($0.type.spellingOutLiterals.text)) | \(cell($0.doc)) |" }
                if luaClass.isOpen { lines.append("| ... | | also what its maker exposes |") }
                lines.append("")
            }
            for method in bindings.methods(of: luaClass) { lines += functionSection(method) }
        }
        for record in bindings.records { lines += recordSection(record) }
        lines.append("")
        return lines.joined(separator: "\n")
    }

    /// A table shape: how it is written, then a row per field with its default and limits.
    private func recordSection(_ record: LuaRecordType) -> [String] {
        var lines = ["", "## \(record.name)", ""]
        if !record.doc.isEmpty { lines += [record.doc, ""] }
        let others = record.fields.filter { $0.name != "type" }.map(\.name)
        lines += ["### `\(record.tag ?? record.name)`: \(others.joined(separator: ", "))", ""]
        lines += ["Written `\(record.shape)`.", ""]
        lines += ["| Field | Type | Default | Allowed | |", "|---|---|---|---|---|"]
        for field in record.fields {
            let parameter = field.parameter
            let fallback = parameter.defaultText.map { "`\($0)`" } ?? (parameter.isOptional ? "" : "required")
            let allowed = [self.allowed(parameter), field.limit ?? ""].filter { !$0.isEmpty }.joined(separator: "; ")
            lines.append(
                "| `\(parameter.name)\(parameter.isOptional ? "?" : "")` | \(cell(compactText(parameter.type))) | \(fallback) | \(cell(allowed)) | \(cell(field.doc)) |")
        }
        lines.append("")
        return lines
    }

    private func functionSection(_ function: LuaBindings.Function) -> [String] {
        var lines = ["### `\(function.signature)`", ""]
        if !function.doc.isEmpty { lines += [function.doc, ""] }
        let rows = function.parameters.flatMap { parameterRows($0, prefix: "") }
        if !rows.isEmpty {
            lines += ["| Parameter | Type | Default | Allowed | |", "|---|---|---|---|---|"] + rows + [""]
        }
        return lines
    }

    /// A row per parameter, and a row per field of an options table (`opts.fps`).
    private func parameterRows(_ parameter: LuaParameter, prefix: String) -> [String] {
        let name = prefix + parameter.name + (parameter.isOptional ? "?" : "")
        var row = "| `\(name)` | \(cell(typeText(parameter.type))) | \(parameter.defaultText.map { "`\($0)`" } ?? "") | "
        row += cell(allowed(parameter)) + " | " + cell(parameter.rangeReason ?? "") + " |"
        guard case .record(let fields) = unwrapped(parameter.type) else { return [row] }
        return [row] + fields.flatMap { parameterRows($0, prefix: prefix + parameter.name + ".") }
    }

    private func allowed(_ parameter: LuaParameter) -> String {
        if let range = parameter.rangeText { return range }
        switch unwrapped(parameter.type) {
        case .strings(let values): return values.map { "`\"\($0)\"`" }.joined(separator: ", ")
        case .integers(let values): return values.map(String.init).joined(separator: ", ")
        case .alias(_, let definition):
            if case .strings(let values) = definition { return values.map { "`\"\($0)\"`" }.joined(separator: ", ") }
            return ""
        default: return ""
        }
    }

    // MARK: llms.txt

    /// Plain text: what the API is, the rules, then every call with its one-line doc.
    public func plainText() -> String {
        var lines = [
            "# GlassesScript Lua API",
            "",
            "> Lua 5.4 scripts over Meta's smart glasses (the Wearables Device Access Toolkit, DAT 1.0): devices, sessions, camera streams, photos, audio routes, the display and hands-free inputs, on a deterministic simulator or over --connect. Generated by `glasses docs --format llms` from the binding registry.",
            "",
            "## Rules",
            "",
        ]
        lines += Self.rules.map { "- " + $0 }
        lines += ["", "## The default world", "", ScriptGuide.defaultWorld, "", "```lua", ScriptGuide.worldExample.trimmingTrailingNewlines, "```"]
        lines += ["", "## Examples", "", "One complete script per surface; each runs as it is in the default world (`glasses run --out out script.lua`)."]
        for (title, source) in ScriptGuide.examples { lines += ["", "### \(title)", "", "```lua", source.trimmingTrailingNewlines, "```"] }
        lines += ["", "## Calls", ""]
        for function in bindings.globals { lines += plainLines(function) }
        for module in bindings.modules {
            lines += ["", "### \(module.name)" + (module.doc.isEmpty ? "" : ": " + firstSentence(module.doc))]
            for function in module.functions { lines += plainLines(function) }
        }
        for luaClass in bindings.classes {
            lines += ["", "### class \(luaClass.name)" + (luaClass.doc.isEmpty ? "" : ": " + firstSentence(luaClass.doc))]
            for field in luaClass.fields { lines.append("- field \(field.name): \(field.type.spellingOutLiterals.text)") }
            for method in bindings.methods(of: luaClass) { lines += plainLines(method) }
        }
        lines += recordsPlainText()
        lines.append("")
        return lines.joined(separator: "\n")
    }

    /// Each table shape with its fields, defaults and limits; a long list of names (the icons) once, by its alias.
    private func recordsPlainText() -> [String] {
        guard !bindings.records.isEmpty else { return [] }
        var lines: [String] = []
        var long: [(name: String, values: [String])] = []
        for record in bindings.records {
            lines += ["", "### table \(record.name): \(record.shape)" + (record.doc.isEmpty ? "" : " -- " + firstSentence(record.doc))]
            for field in record.fields {
                let parameter = field.parameter
                let type = compactText(parameter.type)
                if case .alias(let name, .strings(let values)) = parameter.type, values.count > 12, !long.contains(where: { $0.name == name }) {
                    long.append((name, values))
                }
                var facts: [String] = parameter.isOptional ? [] : ["required"]
                if let fallback = parameter.defaultText { facts.append("default \(fallback)") }
                if let range = parameter.rangeText { facts.append(range) }
                if let limit = field.limit { facts.append(limit) }
                let name = parameter.name + (parameter.isOptional ? "?" : "")
                lines.append("- \(name): \(type)" + (facts.isEmpty ? "" : " (\(facts.joined(separator: "; ")))") + " -- " + field.doc)
            }
        }
        for (name, values) in long { lines += ["", "### \(name): \(values.map { "\"\($0)\"" }.joined(separator: "|"))"] }
        return lines
    }

    /// A type with its enums' values spelled out, but a long list of names (the 116 icons) by its alias.
    private func compactText(_ type: LuaType) -> String {
        if case .alias(let name, .strings(let values)) = type, values.count > 12 { return name }
        return type.spellingOutLiterals.text
    }

    private func plainLines(_ function: LuaBindings.Function) -> [String] {
        ["- \(function.signature)" + (function.doc.isEmpty ? "" : " -- " + firstSentence(function.doc))]
    }

    // MARK: Pieces

    private func unwrapped(_ type: LuaType) -> LuaType {
        if case .optional(let wrapped) = type { return wrapped }
        return type
    }

    /// An options table's fields get rows of their own, so its cell just says `table`.
    private func typeText(_ type: LuaType) -> String {
        if case .record = unwrapped(type) { return "table" }
        return type.spellingOutLiterals.text
    }

    private func firstSentence(_ text: String) -> String {
        let flat = text.replacing("\n", with: " ")
        guard let end = flat.firstRange(of: ". ") else { return flat }
        return String(flat[..<end.lowerBound]) + "."
    }

    private func cell(_ text: String) -> String {
        text.replacing("|", with: "\\|").replacing("\n", with: " ")
    }

    private func anchor(_ name: String) -> String {
        name.lowercased().filter { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }
    }
}

private extension String {
    var trimmingTrailingNewlines: String { String(reversed().drop { $0 == "\n" }.reversed()) }
}
