import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import GlassesScript
import MessageText
import GlassesTooling

/// `glasses docs`: the Lua API reference from the binding registry, as Markdown
/// (docs/lua-reference.md) or as llms.txt-style text for coding assistants (docs/llms.txt).
struct DocsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "docs",
        abstract: "Print the Lua API reference, generated from the bindings (Markdown, or plain text for coding assistants).",
        discussion: "Example: glasses docs --format llms --out llms.txt")

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case markdown, llms
    }

    @Option(help: "markdown (docs/lua-reference.md) or llms (an llms.txt for coding assistants).")
    var format: Format = .markdown

    @Option(help: ArgumentHelp("Write to this file instead of standard output.", valueName: "file"))
    var out: String?

    func run() throws {
        let options = RunOptions()
        let runtime = try ScriptRuntime(options: options, world: RunWorld.maker(for: options))
        let generator = LuaReferenceGenerator(bindings: runtime.state.bindings)
        let text = format == .markdown ? generator.markdown() : generator.plainText()
        guard let out else { return print(text, terminator: "") }
        do { try text.write(toFile: out, atomically: true, encoding: .utf8) } catch {
            throw ValidationError("cannot write '\(out)': \(fileErrorText(error)) (pick a writable path)")
        }
    }
}
