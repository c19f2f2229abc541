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
            load error, 3 a limit was hit, 130 interrupted (Ctrl-C), n for exit(n) or os.exit(n).
            """,
        subcommands: [RunCommand.self, ReplCommand.self, TypesCommand.self, CheckCommand.self, RecipeCommand.self, ServeCommand.self]
    )

    /// ArgumentParser's `main`, except that commands end with a ``LuaExitStatus``
    /// (so a script's `exit(64)` is not taken for ArgumentParser's EX_USAGE) and a
    /// usage error exits with the contract's 2 rather than 64.
    static func main() {
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch let status as LuaExitStatus {
            exit(withError: ExitCode(status.code))
        } catch {
            guard exitCode(for: error) == .validationFailure else { exit(withError: error) }
            LuaConsole.writeError(fullMessage(for: error) + "\n")
            exit(withError: ExitCode(LuaExitStatus.usage.code))
        }
    }
}
