import ArgumentParser
import LuaHost

/// The `glasses` command. Subcommands live one per file (`repl`, `recipe`,
/// `types`, `check` and `serve` join `run` here).
@main
struct Glasses: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "glasses",
        abstract: "Run Lua scripts against a simulated Meta smart-glasses SDK (DAT).",
        discussion: """
            Scripts are Lua 5.4. `glasses run` behaves like `lua5.4` for plain Lua, with limits
            and a sandbox on top. Exit codes: 0 success, 1 uncaught script error, 2 usage or
            load error, 3 a limit was hit, n for os.exit(n).
            """,
        subcommands: [RunCommand.self, ReplCommand.self, TypesCommand.self, CheckCommand.self, RecipeCommand.self, ServeCommand.self]
    )

    /// ArgumentParser's `main`, except that a usage error exits with the
    /// contract's 2 rather than EX_USAGE (64).
    static func main() {
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch {
            guard exitCode(for: error) == .validationFailure else { exit(withError: error) }
            LuaConsole.writeError(fullMessage(for: error) + "\n")
            exit(withError: ExitCode(LuaRunOutcome.loadError))
        }
    }
}
