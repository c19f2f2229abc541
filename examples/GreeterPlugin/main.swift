// greeter-glasses: the example integrator plugin, and all it takes to add
// your own bindings from Swift:
//
// 1. Write a `GlassesPlugin` whose `install(in:)` registers a `LuaModule` on
//    `runtime.state`. Each `LuaFunction` declares its parameters and returns
//    as `LuaType`s, and a doc: the registry checks arguments against them
//    before your body runs (a wrong type raises a Lua "bad argument" error in
//    the script, never a Swift crash), and `glasses types`, `glasses check`
//    and `.help` know your module without extra work. Read the arguments with
//    `call.string(n)`, `call.integer(n)`, `call.table(n)`...
// 2. Build a `ScriptRuntime` with `ScriptRuntime.builtInPlugins + [YourPlugin()]`
//    on a world (here the simulator, ready with one pair of glasses) and run
//    scripts on it, as below.
//
//   swift build --product greeter-glasses
//   .build/debug/greeter-glasses examples/GreeterPlugin/greet.lua [NAME]
import Foundation
import GlassesScript
import LuaHost
import WearablesSimulator

/// Adds the module `greeter` with one function.
struct GreeterPlugin: GlassesPlugin {
    func install(in runtime: ScriptRuntime) throws(LuaScriptError) {
        try runtime.state.register(LuaModule(name: "greeter", doc: "Says hello from Swift.", functions: [
            LuaFunction(
                name: "hello", parameters: [LuaParameter("name", .string)], returns: [.string],
                doc: "A greeting for `name`."
            ) { call in
                .value(.string("hello, \(try call.string(1))"))
            },
        ]))
    }
}

// Runs the script the way `glasses run` does: exit code from the outcome,
// the report on stderr.
let arguments = CommandLine.arguments.dropFirst()
guard let script = arguments.first else {
    LuaConsole.writeError("usage: greeter-glasses SCRIPT [ARGS...]\n")
    exit(ExitStatus.usage.code)
}
let outcome: LuaRunOutcome
do {
    let options = RunOptions()
    let runtime = try ScriptRuntime(
        options: options, world: { sink in SimulatedWorld.ready(seed: options.seed, traceSink: sink) },
        modulePaths: LuaRunner.modulePaths(forScript: script),
        plugins: ScriptRuntime.builtInPlugins + [GreeterPlugin()])
    outcome = runtime.run(script: script, arguments: Array(arguments.dropFirst()))
} catch let error as LuaScriptError {
    outcome = LuaRunOutcome(.limit, report: error.report)
} catch {
    outcome = LuaRunOutcome(.loadFailure, report: "\(error)")
}
if let report = outcome.report { LuaConsole.writeError("greeter-glasses: \(report)\n") }
LuaConsole.flushOutput()
exit(outcome.exitCode)
