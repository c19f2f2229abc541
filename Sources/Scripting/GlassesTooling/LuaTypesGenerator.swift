#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import LuaHost

/// Writes a LuaLS addon (`library/*.lua` `---@meta` files and `config.json`),
/// and a `.luacheckrc` beside it, from a binding registry, so editors and
/// linters check scripts against exactly what a run registers, integrators'
/// plugins included.
public struct LuaTypesGenerator {
    public let bindings: LuaBindings

    public init(bindings: LuaBindings) {
        self.bindings = bindings
    }

    /// File path (relative to the addon folder) to contents: the addon, plus
    /// a luacheck config naming the same globals.
    public func files() -> [String: String] {
        var files: [String: String] = ["config.json": config(), ".luacheckrc": LuacheckConfig(bindings: bindings).text]
        if !bindings.globals.isEmpty { files["library/globals.lua"] = globalsFile() }
        if !bindings.aliases.isEmpty { files["library/types.lua"] = aliasesFile() }
        for module in bindings.modules { files["library/\(module.name).lua"] = moduleFile(module) }
        if !bindings.classes.isEmpty { files["library/classes.lua"] = classesFile() }
        if !bindings.records.isEmpty { files["library/records.lua"] = recordsFile() }
        return files
    }

    /// Writes ``files()`` under `directory`, creating folders as needed.
    public func write(to directory: String) throws {
        let root = URL(fileURLWithPath: directory, isDirectory: true)
        for (path, contents) in files() {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try contents.write(to: url, atomically: true, encoding: .utf8)
        }
    }

    // MARK: Files

    private func config() -> String {
        let words = bindings.modules.filter { !$0.name.contains(".") }.map { "\"\($0.name)%.\"" }
        return """
            {
              "name": "glasses",
              "words": [\(words.joined(separator: ", "))],
              "settings": {
                "Lua.runtime.version": "Lua 5.4"
              }
            }

            """
    }

    private func globalsFile() -> String {
        var lines = ["---@meta _", ""]
        for function in bindings.globals { lines += functionLines(function, owner: nil) }
        return lines.joined(separator: "\n")
    }

    /// Named types (`AudioCategory`) that signatures mention by name.
    private func aliasesFile() -> String {
        var lines = ["---@meta _", ""]
        for alias in bindings.aliases { lines.append("---@alias \(alias.name) \(alias.definition.text)") }
        lines.append("")
        return lines.joined(separator: "\n")
    }

    private func moduleFile(_ module: LuaBindings.Module) -> String {
        var lines = ["---@meta \(module.name)", ""]
        lines += docLines(module.doc)
        lines.append("---@class \(module.name)")
        for child in bindings.modules where child.name.hasPrefix(module.name + ".") {
            let rest = child.name.dropFirst(module.name.count + 1)
            if !rest.contains(".") { lines.append("---@field \(rest) \(child.name)") }
        }
        lines.append("\(module.name) = {}")
        lines.append("")
        for function in module.functions { lines += functionLines(function, owner: module.name) }
        lines.append("return \(module.name)")
        lines.append("")
        return lines.joined(separator: "\n")
    }

    private func classesFile() -> String {
        var lines = ["---@meta _", ""]
        for luaClass in bindings.classes {
            lines += docLines(luaClass.doc)
            lines.append("---@class \(luaClass.name)")
            if let call = luaClass.call {
                let parameters = call.parameters.map { "\(LuaTypesGenerator.safeName($0.name))\($0.isOptional ? "?" : ""): \($0.type.text)" }
                let returns = call.returns.isEmpty ? "" : ": " + call.returns.map(\.text).joined(separator: ", ")
                lines.append("---@overload fun(\(parameters.joined(separator: ", ")))\(returns)")
            }
            for field in luaClass.fields {
                let doc = field.doc.isEmpty ? "" : " " + oneLine(field.doc)
                lines.append("---@field \(field.name) \(field.type.text)\(doc)")
            }
            lines.append("local \(luaClass.name) = {}")
            lines.append("")
            for method in luaClass.methods { lines += functionLines(method, owner: luaClass.name, method: true) }
        }
        return lines.joined(separator: "\n")
    }

    /// Table shapes scripts write: a class each, so editors complete and check their fields.
    private func recordsFile() -> String {
        var lines = ["---@meta _", ""]
        for record in bindings.records {
            lines += docLines(record.doc)
            lines.append("---@class \(record.name)")
            for field in record.fields {
                var doc = field.doc
                if let fallback = field.parameter.defaultText { doc += " Default \(fallback)." }
                if let range = field.parameter.rangeText { doc += " \(range)." }
                if let limit = field.limit { doc += " \(limit.prefix(1).uppercased() + limit.dropFirst())." }
                let parameter = field.parameter
                lines.append("---@field \(parameter.name)\(parameter.isOptional ? "?" : "") \(parameter.type.text) \(oneLine(doc))")
            }
            lines.append("")
        }
        return lines.joined(separator: "\n")
    }

    // MARK: Pieces

    /// Annotations and an empty definition.
    private func functionLines(_ function: LuaBindings.Function, owner: String?, method: Bool = false) -> [String] {
        var lines = docLines(function.doc)
        var names: [String] = []
        for parameter in function.parameters {
            let name = LuaTypesGenerator.safeName(parameter.name)
            names.append(name)
            let fallback = parameter.defaultText.map { " (default \($0))" } ?? ""
            lines.append("---@param \(name)\(parameter.isOptional ? "?" : "") \(parameter.type.text)\(fallback)")
        }
        for value in function.returns {
            if case .variadic(let type) = value {
                lines.append("---@return \(type.text) ...")
            } else {
                lines.append("---@return \(value.text)")
            }
        }
        let separator = method ? ":" : "."
        let qualified = owner.map { $0 + separator + function.name } ?? function.name
        lines.append("function \(qualified)(\(names.joined(separator: ", "))) end")
        lines.append("")
        return lines
    }

    private func docLines(_ doc: String) -> [String] {
        doc.isEmpty ? [] : doc.split(separator: "\n", omittingEmptySubsequences: false).map { "---" + $0 }
    }

    private func oneLine(_ text: String) -> String {
        text.replacing("\n", with: " ")
    }

    private static let keywords: Set<String> = [
        "and", "break", "do", "else", "elseif", "end", "false", "for", "function", "goto", "if", "in",
        "local", "nil", "not", "or", "repeat", "return", "then", "true", "until", "while",
    ]

    /// Parameter names usable in Lua source (`end` becomes `end_`).
    static func safeName(_ name: String) -> String {
        if name == "..." { return name }
        let cleaned = String(name.map { $0.isLetter || $0.isNumber || $0 == "_" ? $0 : "_" })
        let valid = cleaned.first.map { !$0.isNumber } ?? false
        let base = valid ? cleaned : "_" + cleaned
        return keywords.contains(base) ? base + "_" : base
    }
}
