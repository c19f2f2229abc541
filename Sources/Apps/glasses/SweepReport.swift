#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import WearablesCore

/// What a sweep found, as text for people, JUnit XML for CI and JSON for tools. Failures
/// are grouped by how they failed (exit code, check, message), so a thousand failing seeds
/// are a few lines.
struct SweepReport {
    let script: String
    let seeds: ClosedRange<UInt64>
    let jobs: Int
    let runs: [SweepRun]
    let wallSeconds: Double
    let interrupted: Bool
    /// Run-time seconds each run simulated (`--for`), for the real-time factor.
    let simulatedSeconds: Double?
    /// How to reproduce a seed: the command line, as a user would type it.
    let reproduce: (UInt64) -> String
    /// `--max-failures`, and whether the sweep stopped there with seeds left unrun.
    var maxFailures: Int? = nil
    var reachedMaxFailures = false
    /// The failing seeds `--shrink` was asked to shrink (nil without `--shrink`), the `--shrink-first`
    /// bound, and how to shrink one of the others: its own one-seed sweep.
    var shrinkSelected: [UInt64]? = nil
    var shrinkFirst = 0
    var shrinkOne: (UInt64) -> String = { _ in "" }
    var shrunk: [UInt64: ShrinkResult] = [:]

    var failures: [SweepRun] { runs.filter(\.failed).sorted { $0.seed < $1.seed } }
    var groups: [SweepFailureGroup] { SweepFailureGroup.groups(failures) }
    /// Failing seeds `--shrink` left alone (beyond `--shrink-first`).
    var notShrunk: [UInt64] {
        guard let shrinkSelected else { return [] }
        let selected = Set(shrinkSelected)
        return failures.map(\.seed).filter { !selected.contains($0) }
    }
    var slowest: [SweepRun] { Array(runs.sorted { ($0.seconds, $1.seed) > ($1.seconds, $0.seed) }.prefix(3)) }
    var outcomes: [(code: Int32, count: Int)] {
        Dictionary(grouping: runs, by: \.code).map { ($0.key, $0.value.count) }.sorted { $0.code < $1.code }
    }
    var seedsPerSecond: Double { wallSeconds > 0 ? Double(runs.count) / wallSeconds : 0 }
    /// The median run's simulated seconds per wall second.
    var realTimeFactor: Double? {
        guard let simulatedSeconds, !runs.isEmpty else { return nil }
        let sorted = runs.map(\.seconds).sorted()
        let median = sorted[sorted.count / 2]
        return median > 0 ? simulatedSeconds / median : nil
    }

    var text: String {
        var lines: [String] = []
        let total = seeds.upperBound - seeds.lowerBound + 1
        let stop = interrupted ? ", stopped early" : reachedMaxFailures ? ", stopped at \(failures.count) failing seeds (--max-failures \(maxFailures ?? 0))" : ""
        lines.append("sweep: \(runs.count) of \(total) seeds ran in " + String(cFormat: "%.1f s (%.1f seeds/s, ", wallSeconds, seedsPerSecond)
                     + "\(jobs) jobs)\(stop): \(runs.count - failures.count) passed, \(failures.count) failed")
        lines.append("outcomes: " + outcomes.map { "exit \($0.code) x\($0.count)" }.joined(separator: ", "))
        if let factor = realTimeFactor { lines.append(String(cFormat: "real-time factor per run (median): %.0fx", factor)) }
        if !failures.isEmpty {
            let bySeed = Dictionary(uniqueKeysWithValues: failures.map { ($0.seed, $0) })
            lines.append("failures by cause (\(groups.count), each with the command that reproduces its first seed):")
            for group in groups {
                lines.append("  \(group.title) x\(group.seeds.count): \(group.pattern)")
                lines.append("    \(group.seedList())")
                if let first = group.seeds.first, let run = bySeed[first] {
                    lines.append("    seed \(run.seed) (exit \(run.code)): \(reproduce(run.seed))")
                    for line in run.stderrTail.split(separator: "\n") { lines.append("    | \(line)") }
                }
                for seed in group.seeds { if let shrink = shrunk[seed] { lines.append("    seed \(seed) " + shrink.summary) } }
            }
        }
        if let shrinkSelected, !notShrunk.isEmpty {
            lines.append("shrank \(shrinkSelected.count) of \(failures.count) failing seeds (--shrink-first \(shrinkFirst)); \(notShrunk.count) not shrunk. "
                         + "Shrink one with: \(shrinkOne(notShrunk[0]))")
        }
        lines.append("slowest: " + slowest.map { "seed \($0.seed) " + String(cFormat: "%.2f s", $0.seconds) }.joined(separator: ", "))
        return lines.joined(separator: "\n") + "\n"
    }

    var junit: String {
        let name = Self.escape("glasses sweep \(script)")
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        xml += "<testsuites name=\"\(name)\" tests=\"\(runs.count)\" failures=\"\(failures.count)\" time=\"\(Self.seconds(wallSeconds))\">\n"
        xml += "  <testsuite name=\"\(name)\" tests=\"\(runs.count)\" failures=\"\(failures.count)\" errors=\"0\" time=\"\(Self.seconds(wallSeconds))\">\n"
        for run in runs.sorted(by: { $0.seed < $1.seed }) {
            xml += "    <testcase classname=\"sweep\" name=\"seed \(run.seed)\" time=\"\(Self.seconds(run.seconds))\""
            if run.failed {
                xml += ">\n      <failure message=\"exit \(run.code)\" type=\"exit \(run.code)\">"
                xml += Self.escape(reproduce(run.seed) + "\n" + run.stderrTail + (shrunk[run.seed].map { "\n" + $0.summary } ?? ""))
                xml += "</failure>\n    </testcase>\n"
            } else {
                xml += "/>\n"
            }
        }
        return xml + "  </testsuite>\n</testsuites>\n"
    }

    var json: Data {
        var failed: [JSONValue] = []
        for run in failures {
            var entry: [String: any JSONRepresentable] = ["seed": Int(run.seed), "exit_code": Int(run.code), "seconds": run.seconds,
                                                          "command": reproduce(run.seed), "stderr_tail": run.stderrTail, "message": run.cause.message]
            if let check = run.cause.check { entry["check"] = check }
            if let shrink = shrunk[run.seed] { entry["shrunk"] = shrink.json }
            failed.append(.record(entry))
        }
        var document: [String: any JSONRepresentable] = [
            "script": script, "seeds": ["first": Int(seeds.lowerBound), "last": Int(seeds.upperBound)], "jobs": jobs,
            "ran": runs.count, "passed": runs.count - failures.count, "failed": failures.count, "interrupted": interrupted,
            "wall_seconds": wallSeconds, "seeds_per_second": seedsPerSecond,
            "outcomes": Dictionary(uniqueKeysWithValues: outcomes.map { ("\($0.code)", $0.count) }),
            "failures": failed,
            "groups": groups.map { group in
                var entry: [String: any JSONRepresentable] = ["exit_code": Int(group.code), "message": group.pattern, "count": group.seeds.count,
                                                              "seeds": group.seeds]
                if let check = group.check { entry["check"] = check }
                return JSONValue.record(entry)
            },
            "reached_max_failures": reachedMaxFailures,
            "slowest": slowest.map { JSONValue.record(["seed": Int($0.seed), "seconds": $0.seconds]) },
            "runs": runs.sorted { $0.seed < $1.seed }.map { JSONValue.record(["seed": Int($0.seed), "exit_code": Int($0.code), "seconds": $0.seconds]) },
        ]
        if let factor = realTimeFactor { document["real_time_factor"] = factor }
        if let maxFailures { document["max_failures"] = maxFailures }
        if shrinkSelected != nil { document["not_shrunk"] = notShrunk }
        return (try? JSONValue.record(document).encoded(pretty: true)) ?? Data()
    }

    private static func seconds(_ value: Double) -> String { String(cFormat: "%.3f", value) }

    static func escape(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "\n", "\t": out.unicodeScalars.append(scalar)
            // XML 1.0 has no way to write other control characters (a stray ANSI escape in stderr).
            case _ where scalar.value < 0x20: out += "?"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
