import Foundation
import GlassesScript
import MCP
import RecipeLockFile

/// `glasses mcp`: GlassesScript for coding assistants, over the Model Context
/// Protocol on stdio. A program of its own, so `glasses run` pays nothing for the
/// SDK at start-up. Every tool that runs Lua runs the `glasses` beside it as a child
/// process, so a hostile or runaway script can end only that child, never this server.
@main
enum GlassesMCP {
    static func main() async throws {
        let arguments = Array(CommandLine.arguments.dropFirst())
        if arguments.contains(where: { $0 == "--help" || $0 == "-h" }) {
            print(help)
            return
        }
        let options: MCPOptions
        let diagnostics: DiagnosticTools?
        do {
            options = try MCPOptions(arguments)
            diagnostics = try options.connect.map { url throws(MCPToolError) in
                DiagnosticTools(
                    world: try ServedWorld(url: url, token: options.token),
                    bundleFolder: options.bundleFolder ?? FileManager.default.temporaryDirectory.path)
            }
        } catch {
            let line = "glasses mcp: \(error.message)\n"
            _ = line.withCString { write(STDERR_FILENO, $0, strlen($0)) }
            exit(2)
        }
        let glasses = GlassesCommand.besideThisProgram()
        let server = Server(
            name: "glasses", version: GlassesVersion.current, instructions: MCPResources.text("instructions.md"),
            capabilities: .init(prompts: .init(listChanged: false), resources: .init(subscribe: false, listChanged: false), tools: .init(listChanged: false)))
        let tools = MCPTools(glasses: glasses, sandboxes: options.sandboxes, diagnostics: diagnostics)
        let list = MCPTools.list(sandboxes: options.sandboxes, diagnostics: diagnostics != nil)
        await server.withMethodHandler(ListTools.self) { _ in .init(tools: list) }
        await server.withMethodHandler(CallTool.self) { params in try await tools.call(params.name, params.arguments ?? [:]) }
        await server.withMethodHandler(ListResources.self) { _ in .init(resources: MCPResources.documents.map(\.resource)) }
        await server.withMethodHandler(ReadResource.self) { params in try MCPResources.read(params.uri) }
        await server.withMethodHandler(ListPrompts.self) { _ in .init(prompts: MCPPrompts.list) }
        await server.withMethodHandler(GetPrompt.self) { params in try MCPPrompts.get(params.name, params.arguments ?? [:]) }
        KillOnSignal.watchSignals()
        diagnostics?.world.start()
        try await server.start(transport: NullIDTransport())
        await server.waitUntilCompleted()
    }

    static let help = """
        OVERVIEW: \(MCPTools.summary)

        USAGE: glasses mcp [--allow-sandbox standard] [--connect URL [--token TOKEN] [--bundle-dir DIR]]

        Speaks the Model Context Protocol on standard input and output. Configure your
        assistant to start `glasses mcp` (or `glasses-mcp`) as a stdio server. It sends
        instructions (the default world, the workflow), offers docs/llms.txt and the Lua
        reference as resources and a write_script prompt. Tools:
        \(MCPTools.list(sandboxes: ["strict"], diagnostics: true).map { "  \($0.name): \($0.description ?? "")" }.joined(separator: "\n"))
        (the last four with --connect only)

        OPTIONS:
          --allow-sandbox standard
                  Let run_script run scripts in the standard sandbox when a client asks.
                  A standard script can read, write and delete any file you can; without
                  this option every script runs in the strict sandbox (no io or os.remove;
                  the files it names stay in its scratch folder).
          --connect URL
                  A world `glasses serve` serves (its ws:// URL, or the http:// one it prints),
                  for the diagnostic tools: this server reads its HTTP API and, as a client of
                  its WebSocket, records its events from start-up on.
          --token TOKEN
                  The served world's token (default: $GLASSES_TOKEN).
          --bundle-dir DIR
                  Where export_diagnostic_bundle writes its files (default: the temporary folder).
        """
}
