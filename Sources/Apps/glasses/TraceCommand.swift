import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import GlassesScript
import LuaHost
import MessageText
import GlassesTooling

/// `glasses trace export FILE --perfetto OUT`: what to do with a run's trace afterwards.
struct TraceCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "trace",
        abstract: "Work with a run's trace (JSON Lines from glasses run --trace).",
        subcommands: [TraceExportCommand.self])
}

/// Converts a trace into a timeline that ui.perfetto.dev and chrome://tracing open.
struct TraceExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write a trace as a timeline: Chrome Trace Event JSON for ui.perfetto.dev or chrome://tracing.",
        discussion: """
            A track per device, session and camera, the audio route, chaos faults and the run: states as slices, \
            faults as spans and instants, captures, photos, errors and failed checks as instants, battery, thermal \
            level, bandwidth and effective fps as counters.

            Example: glasses trace export run.jsonl --perfetto run.json
            """)

    @Argument(help: "The trace file (JSON Lines) glasses run --trace wrote.")
    var trace: String

    @Option(help: ArgumentHelp("Where to write the Chrome Trace Event JSON.", valueName: "file"))
    var perfetto: String

    func run() throws {
        guard let text = try? String(contentsOfFile: trace, encoding: .utf8) else {
            throw ValidationError("cannot read the trace '\(trace)': name a file written by glasses run --trace")
        }
        do {
            try PerfettoExport.convert(trace: text).write(to: URL(fileURLWithPath: perfetto))
        } catch let error as PerfettoExportError {
            throw ValidationError("'\(trace)' \(error)")
        } catch {
            LuaConsole.writeError("glasses trace export: cannot write '\(perfetto)': \(fileErrorText(error))\n")
            throw ExitStatus.scriptError
        }
    }
}
