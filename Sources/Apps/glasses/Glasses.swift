import ArgumentParser
import GlassesScript
import LuaHost
import RecipeLockFile

/// The `glasses` command. Subcommands live one per file (`repl`, `recipe`,
/// `types`, `check`, `serve`, `sweep` and `trace` join `run` here).
@main
struct Glasses: ParsableCommand {
    /// The version `glasses --version` prints.
    static let version = GlassesVersion.current

    // Help text is one line per paragraph: ArgumentParser wraps it to the terminal.
    static let configuration = CommandConfiguration(
        commandName: "glasses",
        abstract: "Run Lua scripts against a simulated Meta smart-glasses SDK (DAT).",
        discussion: """
            Scripts are Lua 5.4. `glasses run` behaves like `lua5.4` for plain Lua, with limits and a sandbox on top.

            Exit codes: 0 success, 1 uncaught script error, 2 usage or load error, 3 a limit was hit, \
            4 a check (expect) failed, 130 interrupted (Ctrl-C), 143 terminated (SIGTERM), n for exit(n) or os.exit(n).
            """,
        version: "glasses \(version) (Lua 5.4)",
        subcommands: [RunCommand.self, ReplCommand.self, TypesCommand.self, DocsCommand.self, CheckCommand.self, RecipeCommand.self, ServeCommand.self, MCPCommand.self, SweepCommand.self, TraceCommand.self,
                      ConsoleWorkerCommand.self]
    )

    /// ArgumentParser's `main`, except that commands end with a ``ExitStatus``
    /// (so a script's `exit(64)` is not taken for ArgumentParser's EX_USAGE) and a
    /// usage error is one line, exit 2 (the contract's code, not 64).
    static func main() {
        // `glasses run` with plain arguments skips ArgumentParser (see RunFastPath).
        RunFastPath(CommandLine.arguments.dropFirst())?.run()
        if let first = CommandLine.arguments.dropFirst().first, let program = SiblingProgram.allCases.first(where: { $0.command == first }) {
            program.exec(CommandLine.arguments.dropFirst(2))
        }
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch let status as ExitStatus {
            exit(withError: ExitCode(status.code))
        } catch {
            guard exitCode(for: error) == .validationFailure else { exit(withError: error) }
            LuaConsole.writeError(usageLine(for: error) + "\n")
            exit(withError: ExitCode(ExitStatus.usage.code))
        }
    }

    /// What is wrong and where to read more, on one line: ArgumentParser's own
    /// message repeats the whole usage, which buries the one thing to fix.
    static func usageLine(for error: Error) -> String {
        var path = ["glasses"]
        var command: ParsableCommand.Type = Glasses.self
        for argument in CommandLine.arguments.dropFirst() {
            guard let sub = command.configuration.subcommands.first(where: { $0.configuration.commandName == argument }) else { break }
            path.append(argument)
            command = sub
        }
        let name = path.joined(separator: " ")
        var message = message(for: error)
        if let first = message.first { message = first.lowercased() + message.dropFirst() }
        return "\(name): \(message) (see '\(name) --help')"
    }
}
