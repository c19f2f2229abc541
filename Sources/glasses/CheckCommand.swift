import ArgumentParser
import GlassesScript
import LuaHost

/// `glasses check SCRIPT...`: compile without running and flag names the run
/// would not have, so typos fail fast instead of mid-run on the glasses.
struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Compile scripts and report syntax errors and unknown globals or module fields.",
        discussion: """
            Prints one `file:line: message` per problem and exits 1 if there are any, 0 if none. \
            Names count as known when the bindings, Lua's globals in the chosen sandbox, or the \
            file itself define them. Example: glasses check examples/*.lua
            """
    )

    @Option(help: "The sandbox whose globals count as known: strict, standard or trusted.")
    var sandbox: LuaSandbox = .standard

    @Argument(help: "Lua scripts to check.")
    var scripts: [String]

    func validate() throws {
        if scripts.isEmpty { throw ValidationError("give at least one script, e.g. glasses check main.lua") }
    }

    func run() throws {
        var options = RunOptions()
        options.sandbox = sandbox
        let runtime = try ScriptRuntime(options: options)
        let checker = try LuaScriptChecker(runtime: runtime)
        var problems = 0
        for script in scripts {
            for diagnostic in checker.check(file: script, compilingIn: runtime.state) {
                print(diagnostic)
                problems += 1
            }
        }
        if problems > 0 { throw LuaExitStatus.scriptError }
    }
}
