import GlassesScript
import MCP
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `glasses mcp`: GlassesScript for coding assistants, over the Model Context
/// Protocol on stdio. A program of its own, so `glasses run` pays nothing for the
/// SDK at start-up. Every tool runs the `glasses` beside it as a child process, so
/// a hostile or runaway script can end only that child, never this server.
@main
enum GlassesMCP {
    static func main() async throws {
        let arguments = Array(CommandLine.arguments.dropFirst())
        if arguments.contains(where: { $0 == "--help" || $0 == "-h" }) {
            print(help)
            return
        }
        let sandboxes: [String]
        do { sandboxes = try allowedSandboxes(arguments) } catch {
            let line = "glasses mcp: \(error.message)\n"
            _ = line.withCString { write(STDERR_FILENO, $0, strlen($0)) }
            exit(2)
        }
        let glasses = GlassesCommand.besideThisProgram()
        let server = Server(
            name: "glasses", version: GlassesVersion.current,
            capabilities: .init(tools: .init(listChanged: false)))
        let tools = MCPTools(glasses: glasses, sandboxes: sandboxes)
        let list = MCPTools.list(sandboxes: sandboxes)
        await server.withMethodHandler(ListTools.self) { _ in .init(tools: list) }
        await server.withMethodHandler(CallTool.self) { params in try await tools.call(params.name, params.arguments ?? [:]) }
        LiveCalls.watchSignals()
        try await server.start(transport: NullIDTransport())
        await server.waitUntilCompleted()
    }

    /// The sandboxes `run_script` offers: strict, and standard only when the person who
    /// starts the server says so (`--allow-sandbox standard`): a standard script reads,
    /// writes and deletes any file the user can, and the client asking is not the user.
    static func allowedSandboxes(_ arguments: [String]) throws(MCPToolError) -> [String] {
        var sandboxes = ["strict"]
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            let value: String?
            if argument == "--allow-sandbox" {
                value = rest.popFirst()
            } else if argument.hasPrefix("--allow-sandbox=") {
                value = String(argument.dropFirst("--allow-sandbox=".count))
            } else {
                throw MCPToolError("unknown argument '\(argument)'; see glasses mcp --help")
            }
            switch value {
            case "strict": break
            case "standard": sandboxes = ["strict", "standard"]
            default:
                throw MCPToolError("--allow-sandbox takes strict or standard (got \(value.map { "'\($0)'" } ?? "nothing")); trusted is never offered")
            }
        }
        return sandboxes
    }

    static let help = """
        OVERVIEW: \(MCPTools.summary)

        USAGE: glasses mcp [--allow-sandbox standard]

        Speaks the Model Context Protocol on standard input and output. Configure your
        assistant to start `glasses mcp` (or `glasses-mcp`) as a stdio server. Tools:
        \(MCPTools.list(sandboxes: ["strict"]).map { "  \($0.name): \($0.description ?? "")" }.joined(separator: "\n"))

        OPTIONS:
          --allow-sandbox standard
                  Let run_script run scripts in the standard sandbox when a client asks.
                  A standard script can read, write and delete any file you can; without
                  this option every script runs in the strict sandbox (no io or os.remove;
                  the files it names stay in its scratch folder).
        """
}
