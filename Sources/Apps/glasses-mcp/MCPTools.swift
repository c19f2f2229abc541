#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import GlassesScript
import Locking
import MCP

/// The tools `glasses mcp` offers: the API reference, `glasses check`, a bounded
/// run on the simulator, the recipes, and with `--connect` a served world's diagnostics. Each runs `glasses` as a child, calls side by
/// side (a long run does not hold up the next call); a call cancelled by the client
/// (`notifications/cancelled`) kills its child and removes its scratch folder.
final class MCPTools: Sendable {
    static let summary = "GlassesScript (Lua over Meta's smart glasses, on a simulator) for coding assistants."

    /// The tools, `run_script` offering the sandboxes `sandboxes` (see `MCPOptions.sandboxes`), and the
    /// diagnostic tools when the server reads a served world (`--connect`).
    static func list(sandboxes: [String], diagnostics: Bool) -> [Tool] { [
        Tool(
            name: "api_help",
            description: "The Lua API reference for a module, class, function or word (e.g. 'wearables', 'Camera', 'Camera:capture', 'qr'), generated from the bindings; start with 'rules'.",
            inputSchema: schema(["query": ["type": "string", "description": "A module, class, function or word to look up."]], required: ["query"])),
        Tool(
            name: "check_script",
            description: "Check a Lua script without running it (glasses check): syntax, unknown functions and fields, argument types and values.",
            inputSchema: schema(["source": ["type": "string", "description": "The script's text."]], required: ["source"])),
        Tool(
            name: "run_script",
            description: "Run a Lua script on the simulated glasses for a bounded virtual time with a seed (deterministic), in the world described "
                + "(default: one ready Ray-Ban Meta); returns its output, exit code, a trace summary and the JPEG and PNG pictures it saved "
                + "(photos, frames, lens snapshots) as images.",
            inputSchema: schema([
                "source": ["type": "string", "description": "The script's text."],
                "world": WorldDescription.schema,
                "seconds": ["type": "number", "description": "Virtual seconds to run at most (1 to 86400; default 60)."],
                "seed": ["type": "integer", "description": "Seed for everything random (default 1)."],
                "sandbox": [
                    "type": "string", "enum": .array(sandboxes.map { .string($0) }),
                    "description": .string(sandboxes.count > 1
                        ? "The sandbox (default strict); standard lets the script read, write and delete the user's files."
                        : "The sandbox: strict only (the server was not started with --allow-sandbox standard)."),
                ],
            ], required: ["source"])),
        Tool(
            name: "list_recipes",
            description: "The capture recipes available (built-in and installed): name, version, description.",
            inputSchema: schema([:], required: [])),
    ] + (diagnostics ? DiagnosticTools.list : []) }

    /// Limits on what an assistant may ask for in one call.
    static let maxSourceBytes = 256 << 10
    static let maxOutputBytes = 24 << 10
    static let wallSeconds = 60

    let glasses: GlassesCommand
    /// What `run_script` may run in: strict, and standard only with `--allow-sandbox standard`.
    let sandboxes: [String]
    /// The served world's diagnostics, with `--connect`.
    let diagnostics: DiagnosticTools?
    private let reference = Locked<[String]?>(nil)

    init(glasses: GlassesCommand, sandboxes: [String], diagnostics: DiagnosticTools?) {
        self.glasses = glasses
        self.sandboxes = sandboxes
        self.diagnostics = diagnostics
    }

    /// The call's result; throws `CancellationError` when the client cancelled it (no answer is sent then).
    func call(_ name: String, _ arguments: [String: Value]) async throws -> CallTool.Result {
        do {
            let text: String
            var images: [Tool.Content] = []
            switch name {
            case "api_help": text = try await help(try string(arguments, "query"))
            case "check_script": text = try await check(try source(arguments))
            case "run_script": (text, images) = try await run(try source(arguments), arguments)
            case "list_recipes": text = Self.report(try await glasses.run(["recipe", "list"]))
            default:
                if diagnostics == nil, DiagnosticTools.names.contains(name) {
                    throw MCPToolError("\(name) reads a world `glasses serve` serves: start this server with --connect URL (and --token TOKEN), the URL and token glasses serve prints")
                }
                guard let diagnostics, DiagnosticTools.names.contains(name) else {
                    throw MCPToolError("no tool named '\(name)'; the tools are \(Self.list(sandboxes: sandboxes, diagnostics: diagnostics != nil).map(\.name).joined(separator: ", "))")
                }
                text = try await diagnostics.call(name, arguments)
            }
            return .init(content: [.text(text: text, annotations: nil, _meta: nil)] + images, isError: false)
        } catch is CancellationError {
            throw CancellationError()
        } catch let error as MCPToolError {
            return .init(content: [.text(text: error.message, annotations: nil, _meta: nil)], isError: true)
        } catch {
            return .init(content: [.text(text: "\(error)", annotations: nil, _meta: nil)], isError: true)
        }
    }

    // MARK: Tools

    /// The reference's sections whose heading matches `query`: a module or class
    /// with all its calls, else every call whose heading contains the word.
    private func help(_ query: String) async throws -> String {
        let sections = try await referenceSections()
        let needle = query.lowercased().trimmingCharacters(in: .whitespaces)
        if needle == "rules" || needle.isEmpty { return sections.first { $0.hasPrefix("## Rules") } ?? "" }
        let wholes = sections.enumerated().filter { index, section in
            guard section.hasPrefix("## ") else { return false }
            let title = section.split(separator: "\n").first.map(String.init)?.lowercased() ?? ""
            return title == "## `\(needle)`" || title == "## \(needle)"
        }
        if let (index, head) = wholes.first {
            let calls = sections[(index + 1)...].prefix { $0.hasPrefix("### ") }
            return Self.clipped(([head] + calls).joined(separator: "\n"))
        }
        // Every word of the query in the title: "button label" finds the button component's fields.
        let words = needle.split(separator: " ")
        let matches = sections.filter { section in
            let title = (section.split(separator: "\n").first ?? "").lowercased()
            return section.hasPrefix("### ") && words.allSatisfy { title.contains($0) }
        }
        guard !matches.isEmpty else {
            let names = sections.filter { $0.hasPrefix("## ") }.compactMap { $0.split(separator: "\n").first }.map { $0.dropFirst(3) }
            throw MCPToolError("nothing in the reference matches '\(query)'; its modules and classes: \(names.joined(separator: ", "))")
        }
        return Self.clipped(matches.joined(separator: "\n"))
    }

    private func check(_ source: String) async throws -> String {
        let folder = try scratchFolder()
        defer { removeScratch(folder) }
        try write(source, to: folder + "/script.lua")
        let result = try await glasses.run(["check", "script.lua"], in: folder)
        return result.status == 0 ? "no problems found\n" + result.output : Self.report(result)
    }

    private func run(_ source: String, _ arguments: [String: Value]) async throws -> (String, [Tool.Content]) {
        let seconds = arguments["seconds"].map { $0.doubleValue ?? $0.intValue.map(Double.init) ?? .nan } ?? 60
        guard seconds >= 1, seconds <= 86_400 else { throw MCPToolError("seconds must be 1 to 86400 (virtual seconds), got \(seconds)") }
        let seed = try arguments["seed"].map { value -> Int in
            guard let seed = value.intValue, seed >= 0 else { throw MCPToolError("seed must be a whole number >= 0") }
            return seed
        } ?? 1
        let sandbox = try arguments["sandbox"].map { value -> String in
            guard let name = value.stringValue, ["strict", "standard", "trusted"].contains(name) else {
                throw MCPToolError("sandbox must be \(sandboxes.map { "\"\($0)\"" }.joined(separator: " or "))")
            }
            guard sandboxes.contains(name) else {
                throw MCPToolError("sandbox \"\(name)\" is not offered: this server runs scripts in the strict sandbox only, since a "
                    + "standard script reads, writes and deletes the user's files; whoever starts the server can allow it with "
                    + "`glasses mcp --allow-sandbox standard`")
            }
            return name
        } ?? "strict"
        let world = try arguments["world"].map { value throws(MCPToolError) in try WorldDescription(value) } ?? .ready
        let folder = try scratchFolder()
        defer { removeScratch(folder) }
        try write(world.prefixed(source), to: folder + "/script.lua")
        let result = try await glasses.run([
            "run", "--world", world.preset, "--for", "\(Int(seconds.rounded(.up)))s", "--seed", "\(seed)", "--sandbox", sandbox,
            "--timeout", "\(Self.wallSeconds)", "--max-memory", "256M", "--out", "out", "--trace", "trace.jsonl", "script.lua",
        ], in: folder)
        let trace = (FileManager.default.contents(atPath: folder + "/trace.jsonl").map { String(decoding: $0, as: UTF8.self) } ?? "")
            .split(separator: "\n")
        let files = ((try? FileManager.default.contentsOfDirectory(atPath: folder + "/out")) ?? []).sorted()
        let pictures = RunPictures(folder: folder + "/out")
        var text = "world: \(world.summary)\n" + Self.report(result)
        text += "\n--- trace: \(trace.count) records; the last \(min(trace.count, 12)) ---\n" + trace.suffix(12).joined(separator: "\n")
        if !files.isEmpty { text += "\n--- files written: \(files.joined(separator: ", "))" }
        if !pictures.notes.isEmpty { text += "\n--- pictures ---\n" + pictures.notes.joined(separator: "\n") }
        return (Self.clipped(text), pictures.images)
    }

    // MARK: Pieces

    private func referenceSections() async throws -> [String] {
        if let reference = reference.withLock({ $0 }) { return reference }
        let result = try await glasses.run(["docs", "--format", "markdown"])
        guard result.status == 0 else { throw MCPToolError("glasses docs failed: \(result.errors)") }
        var sections: [String] = []
        for line in result.output.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("## ") || line.hasPrefix("### ") || sections.isEmpty {
                sections.append(String(line))
            } else {
                sections[sections.count - 1] += "\n" + line
            }
        }
        reference.withLock { $0 = sections }
        return sections
    }

    private func source(_ arguments: [String: Value]) throws -> String {
        let source = try string(arguments, "source")
        guard source.utf8.count <= Self.maxSourceBytes else {
            throw MCPToolError("source is \(source.utf8.count) bytes; the limit is \(Self.maxSourceBytes)")
        }
        return source
    }

    private func string(_ arguments: [String: Value], _ name: String) throws -> String {
        guard let value = arguments[name] else { throw MCPToolError("'\(name)' is required") }
        guard let text = value.stringValue else { throw MCPToolError("'\(name)' must be a string") }
        return text
    }

    /// A folder of its own for one call, known to ``KillOnSignal`` until removed (so SIGTERM removes it too).
    private func scratchFolder() throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("glasses-mcp-\(UUID().uuidString)").path
        KillOnSignal.holding(folder)
        do { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) } catch {
            KillOnSignal.released(folder)
            throw error
        }
        return folder
    }

    private func removeScratch(_ folder: String) {
        try? FileManager.default.removeItem(atPath: folder)
        KillOnSignal.released(folder)
    }

    private func write(_ text: String, to path: String) throws {
        guard FileManager.default.createFile(atPath: path, contents: Data(text.utf8)) else { throw MCPToolError("cannot write \(path)") }
    }

    static func report(_ result: ChildProcess.Captured) -> String {
        "exit code: \(result.status)\n--- output ---\n\(result.output)--- errors ---\n\(result.errors)"
    }

    static func clipped(_ text: String) -> String {
        guard text.utf8.count > maxOutputBytes else { return text }
        return String(decoding: text.utf8.prefix(maxOutputBytes), as: UTF8.self) + "\n[cut at \(maxOutputBytes) bytes]"
    }

    static func schema(_ properties: [String: [String: Value]], required: [String]) -> Value {
        .object([
            "type": "object",
            "properties": .object(properties.mapValues { .object($0) }),
            "required": .array(required.map { .string($0) }),
        ])
    }
}
