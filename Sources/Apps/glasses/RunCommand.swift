import ArgumentParser
import GlassesScript
import LuaHost

/// `glasses run SCRIPT [ARGS...]`: a script against the simulated world; plain
/// Lua behaves as under `lua5.4`.
struct RunCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Run a Lua script against the simulated glasses.",
        discussion: """
            SCRIPT `-` reads the script from stdin, as in lua5.4. ARGS go to the script as `arg[1]`, `arg[2]`, ... \
            and as `...`, even when they start with '-'. `package.path` comes from LUA_PATH_5_4 or LUA_PATH as in lua5.4.

            Differences from lua5.4: a syntax or load error exits with 2, a limit with 3, a failed check \
            (expect) with 4, Ctrl-C with 130, SIGTERM with 143.

            The run ends when the main chunk and what it started (tasks, timers, listeners) are done, when exit() \
            is called, when --for elapses, or when nothing can happen any more. On the virtual clock without \
            --for, a run kept going only by timers or streams (and their listeners) after its main chunk says so on stderr \
            and ends 1 h of virtual time later. The last record of the --trace file says how the run ended.

            Sandboxes (--sandbox): trusted has everything, as lua5.4. standard (the default) removes os.execute, \
            io.popen, package.loadlib, C modules, binary chunks and all of debug but debug.traceback. strict also \
            removes io, loadfile, dofile, string.dump and package, keeps only os.time, os.clock, os.date and \
            os.difftime, and require finds only modules beside the script. Under standard and strict, files the \
            script names stay in its folders: writes (photo:save, frame:save, audio.record) under --out (the \
            current folder without it), reads (mock feeds, audio.play) under the script's folder or --out; \
            symlinks are resolved first.

            Example: glasses run --out photos examples/quickstart.lua
            """
    )

    @OptionGroup(title: "World")
    var world: WorldOptions

    @OptionGroup(title: "Limits")
    var limits: ScriptLimitOptions

    @OptionGroup(title: "Faults and timeline")
    var timeline: RunTimelineOptions

    @Argument(help: "The Lua script to run (- for stdin).")
    var script: String

    @Argument(parsing: .captureForPassthrough, help: "Arguments for the script.")
    var arguments: [String] = []

    func run() throws {
        var options = RunOptions()
        world.apply(to: &options)
        limits.apply(to: &options)
        let temporaryTrace = timeline.apply(to: &options)
        let status = RunCommand.run(options, script: script, arguments: arguments)
        let written = timeline.exportTimeline(options, temporaryTrace: temporaryTrace)
        throw RunTimelineOptions.status(status, timelineWritten: written)
    }

    /// Runs `script` as `glasses run` does, says what went wrong on stderr, and returns
    /// the status to exit with. Shared with ``RunFastPath``, which skips ArgumentParser.
    static func run(_ options: RunOptions, script: String, arguments: [String]) -> ExitStatus {
        let status: ExitStatus
        let report: String?
        do {
            let runtime = try ScriptRuntime(options: options, world: RunWorld.maker(for: options), modulePaths: LuaRunner.modulePaths(forScript: script))
            RunInterrupts.watch(runtime)
            let ran = runtime.run(script: script, arguments: arguments)
            RunInterrupts.release()
            let outcome = runtime.close(ran)
            (status, report) = (ExitStatus(outcome.status), outcome.report)
        } catch let error as LuaScriptError {
            (status, report) = (.limit, error.report)
        } catch {
            (status, report) = (.usage, "\(error)")
        }
        if let report { LuaConsole.writeError("glasses: \(report)\n") }
        LuaConsole.flushOutput()
        return status
    }
}
