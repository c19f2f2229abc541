import ArgumentParser
import LuaHost

/// `glasses run SCRIPT [ARGS...]`: plain Lua behaves as under `lua5.4`.
struct RunCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Run a Lua script.",
        discussion: """
            ARGS go to the script as `arg[1]`, `arg[2]`, ... and as `...`, even when they start \
            with '-'. `package.path` comes from LUA_PATH_5_4 or LUA_PATH as in lua5.4.
            Differences from lua5.4: a syntax or load error exits with 2, a limit with 3.
            """
    )

    @OptionGroup(title: "Limits")
    var limits: ScriptLimitOptions

    @Argument(help: "The Lua script to run.")
    var script: String

    @Argument(parsing: .captureForPassthrough, help: "Arguments for the script.")
    var arguments: [String] = []

    func run() throws {
        let outcome: LuaRunOutcome
        do {
            let state = try LuaState(options: limits.stateOptions(modulePaths: LuaRunner.modulePaths(forScript: script)))
            outcome = LuaRunner(state: state).run(script: script, arguments: arguments)
        } catch {
            outcome = LuaRunOutcome(exitCode: LuaRunOutcome.limitHit, report: error.report)
        }
        if let report = outcome.report { LuaConsole.writeError("glasses: \(report)\n") }
        LuaConsole.flushOutput()
        throw ExitCode(outcome.exitCode)
    }
}
