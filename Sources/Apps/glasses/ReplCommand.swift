import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import GlassesScript
import LuaHost

/// `glasses repl`: explore the simulated world interactively. The world runs on
/// the wall clock on this thread; stdin is read on another and each line is
/// posted into the event loop, so events keep firing while the prompt waits.
struct ReplCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "repl",
        abstract: "Explore the simulated glasses interactively.",
        discussion: """
            Expressions print their value (`return` is tried first, as in lua5.4); incomplete \
            statements continue on the next line. Commands: .help [NAME], .world, .load FILE, \
            .trace on|off, .quit (or Ctrl-D). Ctrl-C stops a running chunk, or drops the line \
            being typed. Output from events appears above the prompt. The world always runs \
            on the wall clock here. When stdin is not a terminal, lines are read without \
            prompts or line editing, so other programs can drive the REPL.
            """
    )

    @OptionGroup(title: "World")
    var world: WorldOptions

    @OptionGroup(title: "Limits")
    var limits: ScriptLimitOptions

    func validate() throws {
        if world.replay != nil {
            throw ValidationError("--replay plays a recording on the virtual clock and the REPL runs on the wall clock: use glasses run --replay FILE SCRIPT")
        }
    }

    func run() throws {
        var options = RunOptions()
        world.apply(to: &options)
        limits.apply(to: &options)
        options.realtime = true
        let runtime: ScriptRuntime
        let session: ReplSession
        do {
            runtime = try ScriptRuntime(options: options, world: RunWorld.maker(for: options), modulePaths: LuaRunner.modulePaths(forScript: "./repl"))
            // What is typed has the current folder as its own, as a script has its file's.
            runtime.paths.allowReading(".")
            session = try ReplSession(runtime: runtime, output: ReplTerminalOutput.output)
        } catch {
            LuaConsole.writeError("glasses: \(error)\n")
            throw ExitStatus.usage
        }
        let status: ExitStatus
        do {
            status = try ReplLoop(runtime: runtime, session: session, duration: options.duration, timeout: options.timeout)
                .run()
        } catch {
            LuaConsole.writeError("glasses: \(error)\n")
            throw ExitStatus.usage
        }
        throw status
    }
}
