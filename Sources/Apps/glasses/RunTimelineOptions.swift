import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import GlassesScript
import LuaHost
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import MessageText
import GlassesTooling

/// `glasses run`'s fault and timeline options: replay a saved fault schedule,
/// and write the run's timeline for ui.perfetto.dev.
struct RunTimelineOptions: ParsableArguments {
    @Option(help: ArgumentHelp(
        "Replay this fault schedule (JSON, as mock.chaos{save=} or glasses sweep --shrink write it) instead of the one mock.chaos{} would draw.",
        valueName: "file"))
    var faults: String?

    @Option(help: ArgumentHelp(
        "Also write the run's timeline as Chrome Trace Event JSON, for ui.perfetto.dev or chrome://tracing.", valueName: "file"))
    var perfetto: String?

    func validate() throws {
        if let faults, !FileManager.default.isReadableFile(atPath: faults) {
            throw ValidationError("--faults '\(faults)' is not a readable file: name a schedule that mock.chaos{save=} or glasses sweep --shrink wrote")
        }
    }

    /// Sets the options up; the timeline needs a trace, so without --trace one is kept in a temporary file,
    /// whose path is returned for ``exportTimeline(_:temporaryTrace:)`` to remove.
    func apply(to options: inout RunOptions) -> String? {
        options.faultsPath = faults
        guard perfetto != nil, options.tracePath == nil else { return nil }
        let path = FileManager.default.temporaryDirectory.path + "/glasses-timeline-\(getpid()).jsonl"
        options.tracePath = path
        return path
    }

    /// Writes the timeline from the run's trace. A failure is said on stderr, with the cause and
    /// the fix, and returned (false), so the run does not exit 0 with no timeline written.
    func exportTimeline(_ options: RunOptions, temporaryTrace: String?) -> Bool {
        defer { if let temporaryTrace { try? FileManager.default.removeItem(atPath: temporaryTrace) } }
        guard let perfetto, let trace = options.tracePath else { return true }
        do {
            let text = try String(contentsOfFile: trace, encoding: .utf8)
            try PerfettoExport.convert(trace: text).write(to: URL(fileURLWithPath: perfetto))
            return true
        } catch let error as PerfettoExportError {
            LuaConsole.writeError("glasses: cannot write the timeline '\(perfetto)': the trace \(error)\n")
        } catch {
            LuaConsole.writeError("glasses: cannot write the timeline '\(perfetto)': \(fileErrorText(error)); name a file in a folder you can write to, on a disk with room (--perfetto FILE)\n")
        }
        return false
    }

    /// The run's status, unless the timeline was not written: a run that succeeded then
    /// exits 2, as a --trace that cannot be written does; a failing run keeps its own code.
    static func status(_ status: ExitStatus, timelineWritten: Bool) -> ExitStatus {
        timelineWritten || status != .success ? status : .usage
    }
}
