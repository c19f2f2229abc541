import GlassesScript
import Spelling
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import LuaHost

/// Checks scripts without running them: they must compile, every global name
/// and module field they read must be one the run will have (the binding
/// registry, Lua's own globals, or a name the file itself defines), nothing
/// the sandbox removed may be used, and literal arguments to registry
/// functions must fit their parameters (`LuaTypedCallCheck`).
///
/// Names come from a token scan, not from scoping rules: a name declared
/// anywhere in the file (local, parameter, loop variable, assignment) counts as
/// known everywhere in it, so the checker misses some mistakes but never flags
/// correct code for shadowing reasons.
public struct LuaScriptChecker {
    /// Globals a script may read without defining them.
    public let knownGlobals: Set<String>
    /// Registry modules (`wearables`, `mock.permissions`) and the fields they have.
    public let moduleFields: [String: Set<String>]
    /// What the sandbox removed (`io`, `os.execute`), each with the error the run would raise.
    public let removed: [String: String]
    let typedCalls: LuaTypedCallCheck

    public init(
        knownGlobals: Set<String>, moduleFields: [String: Set<String>], bindings: LuaBindings = LuaBindings(),
        removed: [String: String] = [:]
    ) {
        self.knownGlobals = knownGlobals
        self.moduleFields = moduleFields
        self.removed = removed
        typedCalls = LuaTypedCallCheck(bindings: bindings)
    }

    /// What a run of `runtime` offers: its registry plus the globals its sandbox leaves.
    public init(runtime: ScriptRuntime) throws {
        let bindings = runtime.state.bindings
        var fields: [String: Set<String>] = [:]
        for module in bindings.modules {
            fields[module.name, default: []].formUnion(module.functions.map(\.name))
            if let dot = module.name.lastIndex(of: ".") {
                fields[String(module.name[..<dot]), default: []].insert(String(module.name[module.name.index(after: dot)...]))
            }
        }
        let names = try runtime.state.run(
            "local n = {} for k in pairs(_G) do if type(k) == 'string' then n[#n + 1] = k end end return table.concat(n, ' ')",
            name: "check")
        var globals = Set((names.first?.string ?? "").split(separator: " ").map(String.init))
        globals.formUnion(bindings.globals.map(\.name))
        globals.formUnion(bindings.modules.filter { !$0.name.contains(".") }.map(\.name))
        globals.insert("arg")  // set by the runner for each script
        let profile = runtime.options.sandbox.rawValue
        var removed: [String: String] = [:]
        let listed = try runtime.state.run(LuaScriptChecker.removedNamesSource, name: "check").first?.string ?? ""
        for line in listed.split(separator: "\n") {
            let parts = line.split(separator: "\t", maxSplits: 1).map(String.init)
            guard parts.count == 2 else { continue }
            removed[parts[0]] = "\(parts[0]) is not available in the \(profile) sandbox; \(parts[1])"
        }
        self.init(knownGlobals: globals, moduleFields: fields, bindings: bindings, removed: removed)
    }

    /// Lists `name\tflag` for each name the sandbox's guards hold (see
    /// LuaSandboxProfile's hints): globals, and fields of global tables.
    private static let removedNamesSource = """
        local out = {}
        local function add(prefix, t)
          local meta = type(t) == "table" and getmetatable(t)
          if type(meta) ~= "table" or type(meta.removed) ~= "table" then return end
          for name, flag in pairs(meta.removed) do out[#out + 1] = prefix .. name .. "\\t" .. flag end
        end
        add("", _G)
        for name, value in pairs(_G) do
          if type(name) == "string" then add(name .. ".", value) end
        end
        return table.concat(out, "\\n")
        """

    /// Compiles `path` in `state` and scans it; an empty result means it is fine.
    public func check(file path: String, compilingIn state: LuaState) -> [LuaCheckDiagnostic] {
        do {
            _ = try state.loadFile(path)
        } catch {
            return [LuaScriptChecker.compileDiagnostic(error, file: path)]
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            return [LuaCheckDiagnostic(file: path, line: nil, message: "cannot read the file")]
        }
        return check(source: String(decoding: data, as: UTF8.self), file: path)
    }

    /// Scans compiled source for unknown globals and module fields.
    public func check(source: String, file: String) -> [LuaCheckDiagnostic] {
        let tokens = LuaTokenScanner.tokens(source)
        let defined = LuaScriptChecker.definedNames(tokens)
        var diagnostics: [LuaCheckDiagnostic] = []
        var index = 0
        while index < tokens.count {
            defer { index += 1 }
            let token = tokens[index]
            guard token.kind == .name, !LuaScriptChecker.keywords.contains(token.text), !isField(tokens, index) else {
                continue
            }
            if index > 0, tokens[index - 1].text == "goto" || tokens[index - 1].text == "::" { continue }
            if defined.contains(token.text) { continue }
            if let message = removed[token.text] {
                diagnostics.append(LuaCheckDiagnostic(file: file, line: token.line, message: message))
                continue
            }
            if knownGlobals.contains(token.text) {
                if let problem = removedField(tokens, from: index, file: file) ?? unknownField(tokens, from: index, file: file) {
                    diagnostics.append(problem)
                }
                continue
            }
            let hint = NameSuggestion.closest(to: token.text, in: knownGlobals.union(defined)).map { " (did you mean '\($0)'?)" }
            diagnostics.append(
                LuaCheckDiagnostic(file: file, line: token.line, message: "unknown global '\(token.text)'\(hint ?? "")"))
        }
        diagnostics += typedCalls.check(tokens, file: file, defined: defined)
        return diagnostics.sorted { ($0.line ?? 0) < ($1.line ?? 0) }
    }

    /// `os.execute` where the sandbox removed it.
    private func removedField(_ tokens: [LuaTokenScanner.Token], from index: Int, file: String) -> LuaCheckDiagnostic? {
        guard index + 2 < tokens.count, tokens[index + 1].text == ".", tokens[index + 2].kind == .name,
            let message = removed[tokens[index].text + "." + tokens[index + 2].text]
        else { return nil }
        return LuaCheckDiagnostic(file: file, line: tokens[index + 2].line, message: message)
    }

    /// Follows `module.field.field` from the module name at `index`; reports the first unknown field read.
    private func unknownField(_ tokens: [LuaTokenScanner.Token], from index: Int, file: String) -> LuaCheckDiagnostic? {
        var module = tokens[index].text
        var position = index
        while let fields = moduleFields[module], position + 2 < tokens.count, tokens[position + 1].text == ".",
            tokens[position + 2].kind == .name
        {
            let field = tokens[position + 2]
            let assigned = position + 3 < tokens.count && tokens[position + 3].text == "="
            if !fields.contains(field.text), !assigned {
                let hint = NameSuggestion.closest(to: field.text, in: fields).map { " (did you mean '\($0)'?)" }
                return LuaCheckDiagnostic(
                    file: file, line: field.line, message: "unknown field '\(field.text)' in module '\(module)'\(hint ?? "")")
            }
            module += "." + field.text
            position += 2
        }
        return nil
    }

    private func isField(_ tokens: [LuaTokenScanner.Token], _ index: Int) -> Bool {
        index > 0 && (tokens[index - 1].text == "." || tokens[index - 1].text == ":")
    }

    /// Every name the file declares or assigns as a plain name (and `self`, which methods declare).
    static func definedNames(_ tokens: [LuaTokenScanner.Token]) -> Set<String> {
        var names: Set<String> = ["self"]
        var declaring = false  // inside `local a, b`, `for a, b` or a parameter list
        for (index, token) in tokens.enumerated() {
            if token.text == "local" || token.text == "for" || (token.text == "(" && isParameterList(tokens, index)) {
                declaring = true
                continue
            }
            let isName = token.kind == .name && !keywords.contains(token.text)
            if declaring {
                if isName { names.insert(token.text) }
                if isName || [",", "<", ">", "...", "function"].contains(token.text) { continue }
                declaring = false
            }
            guard isName else { continue }
            let previous = index > 0 ? tokens[index - 1].text : ""
            let next = index + 1 < tokens.count ? tokens[index + 1].text : ""
            let plainAssignment = previous != "." && previous != ":" && next == "="
            let globalFunction = previous == "function" && next != "." && next != ":"
            if plainAssignment || globalFunction { names.insert(token.text) }
        }
        return names
    }

    /// A `(` that follows `function` or `function name.chain:method`.
    static func isParameterList(_ tokens: [LuaTokenScanner.Token], _ index: Int) -> Bool {
        var position = index - 1
        while position >= 0 {
            let text = tokens[position].text
            if text == "function" { return true }
            guard tokens[position].kind == .name || text == "." || text == ":" else { return false }
            position -= 1
        }
        return false
    }

    private static func compileDiagnostic(_ error: LuaScriptError, file: String) -> LuaCheckDiagnostic {
        // Syntax errors read `file:line: message`; keep the line, drop the repeated prefix.
        let prefix = file + ":"
        if error.message.hasPrefix(prefix) {
            let rest = error.message.dropFirst(prefix.count)
            if let colon = rest.firstIndex(of: ":"), let line = Int(rest[..<colon]) {
                let message = rest[rest.index(after: colon)...].trimmingWhitespace()
                return LuaCheckDiagnostic(file: file, line: line, message: message)
            }
        }
        return LuaCheckDiagnostic(file: file, line: nil, message: error.message)
    }

    static let keywords: Set<String> = [
        "and", "break", "do", "else", "elseif", "end", "false", "for", "function", "goto", "if", "in",
        "local", "nil", "not", "or", "repeat", "return", "then", "true", "until", "while",
    ]
}
