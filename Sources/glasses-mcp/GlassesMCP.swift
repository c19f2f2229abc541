import GlassesScript
import MCP

/// `glasses mcp`: GlassesScript for coding assistants, over the Model Context
/// Protocol on stdio. A program of its own, so `glasses run` pays nothing for the
/// SDK at start-up. Every tool runs the `glasses` beside it as a child process, so
/// a hostile or runaway script can end only that child, never this server.
@main
enum GlassesMCP {
    static func main() async throws {
        if CommandLine.arguments.dropFirst().contains(where: { $0 == "--help" || $0 == "-h" }) {
            print(help)
            return
        }
        let glasses = GlassesCommand.besideThisProgram()
        let server = Server(
            name: "glasses", version: GlassesVersion.current,
            capabilities: .init(tools: .init(listChanged: false)))
        let tools = MCPTools(glasses: glasses)
        await server.withMethodHandler(ListTools.self) { _ in .init(tools: MCPTools.list) }
        await server.withMethodHandler(CallTool.self) { params in await tools.call(params.name, params.arguments ?? [:]) }
        try await server.start(transport: StdioTransport())
        await server.waitUntilCompleted()
    }

    static let help = """
        OVERVIEW: \(MCPTools.summary)

        USAGE: glasses mcp

        Speaks the Model Context Protocol on standard input and output. Configure your
        assistant to start `glasses mcp` (or `glasses-mcp`) as a stdio server. Tools:
        \(MCPTools.list.map { "  \($0.name): \($0.description ?? "")" }.joined(separator: "\n"))
        """
}
