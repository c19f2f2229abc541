import ArgumentParser
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import GlassesScript
import LuaHost
import WearablesWire
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `glasses sweep --seeds 1..1000 SCRIPT`: the script once per seed, each in its
/// own process, N at a time; a summary of outcomes, failed seeds with the command
/// that reproduces each, and optionally each failure's shrunk fault schedule.
struct SweepCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sweep",
        abstract: "Run a script once per seed, in parallel, and report which seeds fail.",
        discussion: """
            Each seed runs as `glasses run --seed N [--for D] SCRIPT [ARGS]` in its own process. A run passes when it \
            exits 0; any other code fails it (1 an uncaught error, 4 a failed expect check, ...). On a terminal a \
            progress line shows done, failed, rate and ETA. Ctrl-C stops the sweep and still prints the summary of \
            what ran. The sweep exits 0 when every seed passed, 1 when one failed, 130 when stopped early.

            Failures are grouped by cause: the exit code, the expect check that failed and its message (numbers as #), \
            one line each with its count and first seeds, and the command that reproduces its first seed. \
            --max-failures N starts no seed once N have failed (the runs in flight finish) and says so.

            --shrink replays a failing seed with smaller fault schedules (its mock.chaos{} schedule, taken from its \
            trace) until no fault can be dropped, shortened or moved later and it still fails with the same exit code, \
            and writes the result to --shrink-dir as a file that glasses run --faults replays. It shrinks the first \
            --shrink-first seeds (default 3: the first of each cause, then the second, ...); the summary says how many \
            it left and the command that shrinks one of them.

            --replay FILE runs every seed against a recorded session (glasses run --replay): a failure captured once \
            from a served world or a bridge over real glasses stays a failing seed until the script copes with it.

            Example: glasses sweep --seeds 1..1000 --for 10m --shrink --junit sweep.xml examples/chaos_reconnect.lua
            """)

    @Option(help: ArgumentHelp("The seeds: A..B (inclusive) or one number.", valueName: "A..B"),
            transform: { text in
                let parts = text.components(separatedBy: "..")
                guard let first = parts.first.flatMap({ UInt64($0) }), let last = parts.count == 2 ? UInt64(parts[1]) : parts.count == 1 ? first : nil,
                    parts.count <= 2, first <= last
                else { throw ValidationError("use a range of whole numbers A..B with A <= B, e.g. --seeds 1..1000, or one seed") }
                guard last - first < SweepCommand.maxSeeds else {
                    throw ValidationError("at most \(SweepCommand.maxSeeds) seeds in one sweep; split the range (e.g. --seeds \(first)..\(first + SweepCommand.maxSeeds - 1))")
                }
                return first...last
            })
    var seeds: ClosedRange<UInt64>

    /// A sweep holds every seed's outcome in memory for its summary.
    static let maxSeeds: UInt64 = 1_000_000

    @Option(help: ArgumentHelp("How many seeds run at once (default: the number of cores).", valueName: "n"))
    var jobs: Int?

    /// `--jobs`, or one job per core.
    private var jobCount: Int { jobs ?? ProcessInfo.processInfo.activeProcessorCount }

    @Option(name: .customLong("for"), help: ArgumentHelp("Each run's length on its clock, as glasses run --for (e.g. 10m).", valueName: "duration"))
    var duration: String?

    @Option(help: ArgumentHelp(
        "Run every seed against this recorded session (glasses run --replay): the seeds vary what the script does, "
            + "the world is the recording.", valueName: "file"))
    var replay: String?

    @Option(help: ArgumentHelp("Write JUnit XML (one test case per seed) for CI.", valueName: "file"))
    var junit: String?

    @Option(help: ArgumentHelp("Write a JSON summary (outcomes, failures with commands, timings).", valueName: "file"))
    var json: String?

    @Option(help: ArgumentHelp("Start no more seeds once this many have failed (the runs in flight finish).", valueName: "n"))
    var maxFailures: Int?

    @Flag(help: "Shrink failing seeds' fault schedules to minimal ones that still fail (the first --shrink-first of them).")
    var shrink = false

    @Option(help: ArgumentHelp("How many failing seeds --shrink shrinks: the first of each cause, then the second, ...", valueName: "n"))
    var shrinkFirst = 3

    @Option(help: ArgumentHelp("Where --shrink writes its schedules (seed-N.json).", valueName: "dir"))
    var shrinkDir = "shrunk"

    @Argument(help: "The Lua script to run.")
    var script: String

    @Argument(parsing: .captureForPassthrough, help: "Arguments for the script.")
    var arguments: [String] = []

    func validate() throws {
        guard jobCount >= 1 else { throw ValidationError("--jobs must be at least 1") }
        if let maxFailures, maxFailures < 1 { throw ValidationError("--max-failures must be at least 1 (leave it out to run every seed)") }
        guard shrinkFirst >= 1 else { throw ValidationError("--shrink-first must be at least 1 (leave out --shrink to shrink none)") }
        if let duration, DurationParser.seconds(duration) == nil {
            throw ValidationError("--for: use a length of time >= 0, e.g. 30, 30s, 500ms, 5m or 2h")
        }
        guard FileManager.default.isReadableFile(atPath: script) else {
            throw ValidationError("cannot read the script '\(script)': check the path")
        }
        if let replay {
            // Read once here, so a file that cannot be replayed is one error, not one per seed.
            do { _ = try SessionRecordingReader.scan(path: replay) } catch { throw ValidationError(error.description) }
            if shrink {
                throw ValidationError("--shrink shrinks mock.chaos fault schedules, and a replay's world is the recording: drop --shrink")
            }
        }
    }

    func run() throws {
        let scratch = FileManager.default.temporaryDirectory.path + "/glasses-sweep-\(getpid())"
        try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let started = Date()
        let total = Int(seeds.upperBound - seeds.lowerBound) + 1
        let progress = isatty(STDERR_FILENO) == 1 ? ProgressLine(total: total, started: started) : nil
        let pool = SweepPool()
        let runs = try pool.run(seeds: Array(seeds), jobs: jobCount, maxFailures: maxFailures, scratch: scratch, arguments: { runArguments(seed: $0) }) { done in
            progress?.update(done)
        }
        progress?.clear()
        var report = SweepReport(
            script: script, seeds: seeds, jobs: jobCount, runs: runs, wallSeconds: Date().timeIntervalSince(started),
            interrupted: pool.interrupted, simulatedSeconds: duration.flatMap(DurationParser.seconds),
            reproduce: { Self.commandLine(runArguments(seed: $0)) })
        report.maxFailures = maxFailures
        report.reachedMaxFailures = pool.reachedMaxFailures
        if shrink, !pool.interrupted {
            let selected = SweepFailureGroup.firstSeeds(of: report.groups, count: shrinkFirst)
            report.shrinkSelected = selected
            report.shrinkFirst = shrinkFirst
            report.shrinkOne = { Self.commandLine(shrinkArguments(seed: $0)) }
            for failure in report.failures where selected.contains(failure.seed) {
                var shrinker = SweepShrinker(
                    seed: failure.seed, code: failure.code, scratch: scratch,
                    arguments: { faults, trace in runArguments(seed: failure.seed, faults: faults, trace: trace) },
                    reproduce: { Self.commandLine(runArguments(seed: failure.seed, faults: $0)) })
                do { report.shrunk[failure.seed] = try shrinker.shrink(into: shrinkDir) } catch {
                    LuaConsole.writeError("glasses sweep: \(error)\n")
                }
            }
        }
        print(report.text, terminator: "")
        if let junit { try report.junit.write(toFile: junit, atomically: true, encoding: .utf8) }
        if let json { try report.json.write(to: URL(fileURLWithPath: json)) }
        if pool.interrupted { throw ExitStatus.interrupted }
        if !report.failures.isEmpty { throw ExitStatus.scriptError }
    }

    /// One seed's `glasses run` arguments (without the executable).
    private func runArguments(seed: UInt64, faults: String? = nil, trace: String? = nil) -> [String] {
        var result = ["run", "--seed", String(seed)]
        if let duration { result += ["--for", duration] }
        if let replay { result += ["--replay", replay] }
        if let faults { result += ["--faults", faults] }
        if let trace { result += ["--trace", trace] }
        return result + [script] + arguments
    }

    /// A one-seed sweep that shrinks `seed` (for the failing seeds --shrink-first left).
    private func shrinkArguments(seed: UInt64) -> [String] {
        var result = ["sweep", "--seeds", String(seed)]
        if let duration { result += ["--for", duration] }
        result.append("--shrink")
        if shrinkDir != "shrunk" { result += ["--shrink-dir", shrinkDir] }
        return result + [script] + arguments
    }

    /// A command a user can paste: the executable as invoked, then the arguments, quoted where needed.
    static func commandLine(_ arguments: [String]) -> String {
        ([CommandLine.arguments[0]] + arguments).map(shellQuoted).joined(separator: " ")
    }

    private static func shellQuoted(_ word: String) -> String {
        let plain = word.unicodeScalars.allSatisfy { ($0.isASCII && $0.properties.isAlphabetic) || ("0"..."9").contains($0) || "-_./=:,+@%".unicodeScalars.contains($0) }
        return plain && !word.isEmpty ? word : "'" + word.replacing("'", with: "'\\''") + "'"
    }
}

/// The live progress line on a terminal: done, failed, rate and ETA, redrawn in place.
final class ProgressLine {
    private let total: Int
    private let started: Date
    private var lastDrawn = Date.distantPast

    init(total: Int, started: Date) {
        self.total = total
        self.started = started
    }

    func update(_ runs: [SweepRun]) {
        let now = Date()
        // A tenth of a second between redraws: a fast sweep would otherwise spend its time on the terminal.
        guard now.timeIntervalSince(lastDrawn) >= 0.1 || runs.count == total else { return }
        lastDrawn = now
        let elapsed = now.timeIntervalSince(started)
        let rate = elapsed > 0 ? Double(runs.count) / elapsed : 0
        let eta = rate > 0 ? Double(total - runs.count) / rate : 0
        let failed = runs.filter(\.failed).count
        LuaConsole.writeError(String(cFormat: "\r\u{1B}[Ksweep: %d/%d done, %d failed, %.1f seeds/s, ETA %.0f s", runs.count, total, failed, rate, eta))
    }

    func clear() { LuaConsole.writeError("\r\u{1B}[K") }
}
