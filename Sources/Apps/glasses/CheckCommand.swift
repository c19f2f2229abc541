import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import GlassesScript
import LuaHost
import GlassesTooling

/// `glasses check SCRIPT...`: compile without running and flag names the run
/// would not have and literal arguments the bindings would refuse, so typos
/// fail fast instead of mid-run on the glasses.
struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Compile scripts and report syntax errors, unknown names and arguments the bindings refuse.",
        discussion: """
            Prints one `file:line: message` per problem and exits 1 if there are any, 0 if none, \
            2 if a script cannot be read. \
            Names count as known when the bindings, Lua's globals in the chosen sandbox, or the \
            file itself define them; names the sandbox removes (os.execute, io in strict) are \
            reported with the --sandbox that allows them. Literal arguments to the bindings are \
            checked against their parameter types and allowed values (s:camera{fps = 99}), and \
            methods and fields against the class a variable holds when it was assigned from a \
            binding (local cam = wearables.stream()). Example: glasses check examples/*.lua
            """
    )

    @Option(help: "The sandbox whose globals count as known (and whose removals are reported): strict, standard or trusted.")
    var sandbox: LuaSandbox = .standard

    @Argument(help: "Lua scripts to check.")
    var scripts: [String]

    func validate() throws {
        if scripts.isEmpty { throw ValidationError("give at least one script, e.g. glasses check main.lua") }
    }

    func run() throws {
        // A script that is not there is a usage error (2), like `glasses run`'s, not a finding (1).
        let missing = scripts.filter { !FileManager.default.isReadableFile(atPath: $0) }
        for script in missing {
            LuaConsole.writeError("glasses: cannot open \(script): \(FileManager.default.fileExists(atPath: script) ? "not readable" : "no such file")\n")
        }
        if !missing.isEmpty { throw ExitStatus.usage }
        var options = RunOptions()
        options.sandbox = sandbox
        let runtime = try ScriptRuntime(options: options, world: RunWorld.maker(for: options))
        let checker = try LuaScriptChecker(runtime: runtime)
        var problems = 0
        for script in scripts {
            for diagnostic in checker.check(file: script, compilingIn: runtime.state) {
                print(diagnostic)
                problems += 1
            }
        }
        if problems > 0 { throw ExitStatus.scriptError }
    }
}
