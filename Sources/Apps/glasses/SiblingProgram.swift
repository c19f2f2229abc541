import ArgumentParser
import GlassesScript
import LuaHost
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `glasses serve` and `glasses mcp` run the programs beside this one (`glasses-serve`,
/// `glasses-mcp`) with the same arguments: the HTTP server (Hummingbird and its
/// libraries, about 40% of a clean build) and the MCP SDK then cost neither
/// `glasses`'s build nor its start-up.
enum SiblingProgram: String, CaseIterable {
    case serve = "glasses-serve"
    case mcp = "glasses-mcp"

    /// The subcommand that runs it.
    var command: String { String(rawValue.dropFirst("glasses-".count)) }

    var abstract: String {
        switch self {
        case .serve: "Serve a simulated world over WebSocket (scripts, REPLs) and HTTP (test controls)."
        case .mcp: "Serve the API reference, checks, script runs and recipes to coding assistants (Model Context Protocol over stdio)."
        }
    }

    /// Replaces this process with the program and `arguments`; returns only if it cannot.
    func exec(_ arguments: ArraySlice<String>) -> Never {
        let program = rawValue
        let path = ChildProcess.folderOfThisProgram() + "/" + program
        let argv = [program] + arguments
        var cArguments = argv.map { strdup($0) } + [nil]
        execv(path, &cArguments)
        let reason = errno == ENOENT
            ? "the \(program) program is not beside glasses (\(ChildProcess.folderOfThisProgram())); build it with `swift build --product \(program)`"
            : "cannot start \(path): \(String(cString: strerror(errno)))"
        LuaConsole.writeError("glasses \(command): \(reason)\n")
        exit(ExitStatus.usage.code)
    }
}

/// `glasses serve` in `glasses --help`; `Glasses.main` runs `glasses-serve` before parsing,
/// so this is never run, and `glasses serve --help` is the real command's help.
struct ServeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "serve", abstract: SiblingProgram.serve.abstract)

    @Argument(parsing: .allUnrecognized, help: "See `glasses serve --help`.")
    var arguments: [String] = []

    func run() throws { SiblingProgram.serve.exec(arguments[...]) }
}

/// `glasses mcp` in `glasses --help`; run as `glasses-mcp` before parsing, like `serve`.
struct MCPCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "mcp", abstract: SiblingProgram.mcp.abstract)

    @Argument(parsing: .allUnrecognized, help: "See `glasses mcp --help`.")
    var arguments: [String] = []

    func run() throws { SiblingProgram.mcp.exec(arguments[...]) }
}
