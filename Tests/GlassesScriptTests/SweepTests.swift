import Foundation
import ScriptTestSupport
import Testing

/// `glasses sweep`: one process per seed, a summary whose reproduction commands
/// reproduce, JUnit XML and JSON, and shrinking to the faults that matter.
@Suite(.serialized) struct SweepTests {
    /// A command from the summary, run with the built binary in place of argv[0].
    private func rerun(_ command: String, in folder: String) async throws -> GlassesProcess.Result {
        let words = command.split(separator: " ").map(String.init)
        return try await GlassesProcess.launch(GlassesProcess.binary, Array(words.dropFirst()), in: folder)
    }

    @Test func aSweepReportsFailedSeedsThatTheirCommandsReproduce() async throws {
        let folder = try GlassesProcess.folder([:])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let script = GlassesProcess.script("chaos/mixed_outcomes.lua")
        let result = try await GlassesProcess.run(
            ["sweep", "--seeds", "1..12", "--jobs", "2", "--junit", "sweep.xml", "--json", "sweep.json", script], in: folder)
        #expect(result.code == 1, "\(result.stderr)")
        // Not a terminal: no progress line.
        #expect(!result.stderr.contains("seeds/s"))
        let json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: folder + "/sweep.json"))) as? [String: Any])
        let runs = try #require(json["runs"] as? [[String: Any]])
        #expect(runs.map { $0["seed"] as? Int } == Array(1...12))
        let codes = Dictionary(uniqueKeysWithValues: runs.map { ($0["seed"] as! Int, $0["exit_code"] as! Int) })
        #expect(Set(codes.values) == [0, 1, 4], "\(codes)")
        let failures = try #require(json["failures"] as? [[String: Any]])
        #expect(json["failed"] as? Int == failures.count && json["ran"] as? Int == 12 && json["interrupted"] as? Bool == false)
        #expect(failures.map { $0["seed"] as? Int } == codes.filter { $0.value != 0 }.keys.sorted())
        let outcomes = try #require(json["outcomes"] as? [String: Int])
        #expect(outcomes["0"] == codes.values.filter { $0 == 0 }.count)
        #expect(result.stdout.hasPrefix("sweep: 12 of 12 seeds ran in "), "\(result.stdout)")
        #expect(result.stdout.contains("outcomes: exit 0 x\(outcomes["0"]!), exit 1 x\(outcomes["1"]!), exit 4 x\(outcomes["4"]!)"))
        #expect(result.stdout.contains("slowest: seed "))
        // Every failure's command reproduces its exit code, as a separate run.
        for failure in failures {
            let command = try #require(failure["command"] as? String)
            #expect(command.contains("run --seed \(failure["seed"]!) "))
            // The summary shows the command of each cause's first seed.
            let firsts = try #require(json["groups"] as? [[String: Any]]).compactMap { ($0["seeds"] as? [Int])?.first }
            if firsts.contains(failure["seed"] as! Int) {
                #expect(result.stdout.contains("seed \(failure["seed"]!) (exit \(failure["exit_code"]!)): \(command)"))
            }
            await #expect(try rerun(command, in: folder).code == Int32(failure["exit_code"] as! Int))
        }
        // The JUnit XML parses, with one test case per seed and a failure for each failed one.
        let check = try await GlassesProcess.launch("/usr/bin/env", ["python3", "-c", """
            import sys, xml.etree.ElementTree as ET
            root = ET.parse(sys.argv[1]).getroot()
            cases = root.findall('./testsuite/testcase')
            failed = [c.get('name') for c in cases if c.find('failure') is not None]
            print(len(cases), int(root.get('failures')), ' '.join(failed))
            """, folder + "/sweep.xml"])
        let expected = "12 \(failures.count) " + failures.map { "seed \($0["seed"]!)" }.joined(separator: " ")
        #expect(check.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == expected, "\(check.stdout)\(check.stderr)")
    }

    @Test func aSweepThatPassesExitsZero() async throws {
        let folder = try GlassesProcess.folder(["ok.lua": "wait(1)"])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let result = try await GlassesProcess.run(["sweep", "--seeds", "3..5", "ok.lua"], in: folder)
        #expect(result.code == 0, "\(result.stderr)")
        #expect(result.stdout.contains("3 passed, 0 failed"), "\(result.stdout)")
        let bad = try await GlassesProcess.run(["sweep", "--seeds", "5..3", "ok.lua"], in: folder)
        #expect(bad.code == 2)
        #expect(bad.stderr.hasPrefix("glasses sweep: ") && bad.stderr.contains("A <= B"), "\(bad.stderr)")
        // The whole UInt64 range is refused, not counted (it would overflow) or allocated.
        let huge = try await GlassesProcess.run(["sweep", "--seeds", "0..18446744073709551615", "ok.lua"], in: folder)
        #expect(huge.code == 2 && huge.stderr.contains("at most 1000000 seeds"), "\(huge.stderr)")
    }

    @Test func shrinkingAPlantedFailureEndsWithTheTwoFaultsThatMatter() async throws {
        let folder = try GlassesProcess.folder([:])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let script = GlassesProcess.script("chaos/planted_fold_after_power_cycle.lua")
        let result = try await GlassesProcess.run(
            ["sweep", "--seeds", "1..12", "--for", "300s", "--shrink", "--shrink-dir", "shrunk", "--json", "sweep.json", script], in: folder)
        #expect(result.code == 1, "\(result.stdout)\(result.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: folder + "/sweep.json"))) as? [String: Any])
        let failures = try #require(json["failures"] as? [[String: Any]])
        try #require(failures.count > 3, "seeds 1..12 should fail more than 3 times: \(result.stdout)")
        // By default the first three failing seeds are shrunk (one cause here: the first three seeds).
        #expect(failures.map { $0["shrunk"] != nil } == failures.indices.map { $0 < 3 }, "\(result.stdout)")
        #expect(json["not_shrunk"] as? [Int] == failures.dropFirst(3).compactMap { $0["seed"] as? Int })
        for failure in failures.prefix(3) {
            #expect(failure["exit_code"] as? Int == 4)
            let shrunk = try #require(failure["shrunk"] as? [String: Any], "\(result.stderr)")
            let file = try #require(shrunk["file"] as? String)
            let schedule = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: folder + "/" + file))) as? [String: Any])
            let faults = try #require(schedule["faults"] as? [[String: Any]])
            #expect(faults.compactMap { $0["kind"] as? String } == ["power_cycle", "fold"], "\(faults)")
            #expect((shrunk["original_faults"] as? Int ?? 0) > 10)
            // The replay command fails the same way with only those two faults.
            let replay = await try rerun(try #require(shrunk["command"] as? String), in: folder)
            #expect(replay.code == 4, "\(replay.stderr)")
            #expect(replay.stderr.contains("check 'fold_after_power_cycle' failed"))
        }
        #expect(result.stdout.contains("shrunk "), "\(result.stdout)")
    }
}

/// Ctrl-C on a terminal: the progress line, then the summary of what ran.
@Suite struct SweepInterruptTests {
    @Test func ctrlCStopsTheSweepAndStillPrintsTheSummary() throws {
        let folder = try GlassesProcess.temporaryDirectory()
        let terminal = try PseudoTerminalProcess(
            arguments: [GlassesProcess.binary, "sweep", "--seeds", "1..3", "--jobs", "1",
                        GlassesProcess.script("chaos/first_run_only_ends.lua"), folder + "/marker"],
            environment: [:], removing: folder)
        // The progress line, on a terminal only: seed 1 ended, seed 2 spins.
        try terminal.read(until: "sweep: 1/3 done, 0 failed, ")
        try terminal.write("\u{03}")
        try terminal.read(until: "sweep: 1 of 3 seeds ran in ")
        try terminal.read(until: "stopped early: 1 passed, 0 failed")
        #expect(terminal.finish() == 130)
    }
}

/// A sweep's failures grouped by cause, `--max-failures`, and `--shrink` bounded to the first few.
@Suite(.serialized) struct SweepGroupingTests {
    private func summary(_ folder: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: folder + "/sweep.json"))) as? [String: Any])
    }

    /// Seeds by exit code, from the JSON's runs.
    private func seeds(_ json: [String: Any], exiting code: Int) throws -> [Int] {
        let runs = try #require(json["runs"] as? [[String: Any]])
        return runs.filter { $0["exit_code"] as? Int == code }.compactMap { $0["seed"] as? Int }.sorted()
    }

    private func seedList(_ seeds: [Int]) -> String {
        (seeds.count == 1 ? "seed " : "seeds ") + seeds.prefix(5).map(String.init).joined(separator: ", ")
            + (seeds.count > 5 ? " and \(seeds.count - 5) more" : "")
    }

    @Test func failuresAreGroupedByCheckAndMessageWithTheirNumbersAsHashes() async throws {
        let folder = try GlassesProcess.folder([:])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let script = GlassesProcess.script("chaos/three_causes.lua")
        let result = try await GlassesProcess.run(["sweep", "--seeds", "1..30", "--jobs", "2", "--json", "sweep.json", script], in: folder)
        #expect(result.code == 1, "\(result.stderr)")
        let json = try summary(folder)
        let late = try seeds(json, exiting: 4), raised = try seeds(json, exiting: 1)
        try #require(late.count > 5 && raised.count > 5, "seeds 1..30 should fail both ways: \(result.stdout)")
        // One group per cause, the larger first: a count and the pattern, then its first seeds.
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.contains("failures by cause (2, each with the command that reproduces its first seed):"), "\(result.stdout)")
        // The uncaught error's cause keeps its file:line (the chunk name shortens the path).
        let causes = [(late, "  check 'late' x\(late.count): ", "failed # s in, after draw #", 4),
                      (raised, "  exit 1 x\(raised.count): ", "three_causes.lua:9: unlucky draw #", 1)]
        for (seeds, head, tail, code) in causes {
            let at = try #require(lines.firstIndex { $0.hasPrefix(head) && $0.hasSuffix(tail) }, "no line \(head)...\(tail) in\n\(result.stdout)")
            #expect(lines[at + 1] == "    " + seedList(seeds))
            #expect(lines[at + 2].hasPrefix("    seed \(seeds[0]) (exit \(code)): "), "\(lines[at + 2])")
        }
        // One reproduction command per cause, not one per failed seed.
        #expect(lines.filter { $0.hasPrefix("    seed ") && $0.contains(" run --seed ") }.count == 2, "\(result.stdout)")
        let groups = try #require(json["groups"] as? [[String: Any]])
        #expect(groups.compactMap { $0["count"] as? Int } == [late.count, raised.count].sorted(by: >))
        let lateGroup = try #require(groups.first { $0["check"] as? String == "late" })
        #expect(lateGroup["seeds"] as? [Int] == late && lateGroup["message"] as? String == "failed # s in, after draw #" && lateGroup["exit_code"] as? Int == 4)
        let failures = try #require(json["failures"] as? [[String: Any]])
        #expect(failures.filter { $0["check"] as? String == "late" }.count == late.count)
    }

    @Test func maxFailuresStartsNoSeedOnceThatManyFailedAndSaysSo() async throws {
        let folder = try GlassesProcess.folder([:])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let script = GlassesProcess.script("chaos/three_causes.lua")
        let result = try await GlassesProcess.run(
            ["sweep", "--seeds", "1..40", "--jobs", "1", "--max-failures", "3", "--json", "sweep.json", script], in: folder)
        #expect(result.code == 1, "\(result.stderr)")
        let json = try summary(folder)
        let runs = try #require(json["runs"] as? [[String: Any]]).compactMap { $0["seed"] as? Int }
        let failed = try seeds(json, exiting: 1) + seeds(json, exiting: 4)
        // One job: the seeds run in order, and the third failure is the last seed run.
        #expect(failed.count == 3 && runs == Array(1...failed.max()!), "\(runs) \(failed)")
        #expect(json["reached_max_failures"] as? Bool == true && json["max_failures"] as? Int == 3 && json["interrupted"] as? Bool == false)
        #expect(result.stdout.hasPrefix("sweep: \(runs.count) of 40 seeds ran in "), "\(result.stdout)")
        #expect(result.stdout.contains(", stopped at 3 failing seeds (--max-failures 3): \(runs.count - 3) passed, 3 failed"), "\(result.stdout)")
        // A limit the sweep does not reach changes nothing.
        let all = try await GlassesProcess.run(["sweep", "--seeds", "1..10", "--max-failures", "1000", "--json", "sweep.json", script], in: folder)
        #expect(all.code == 1 && !all.stdout.contains("stopped at"), "\(all.stdout)")
        #expect(try summary(folder)["ran"] as? Int == 10 && summary(folder)["reached_max_failures"] as? Bool == false)
        let bad = try await GlassesProcess.run(["sweep", "--seeds", "1..3", "--max-failures", "0", script], in: folder)
        #expect(bad.code == 2 && bad.stderr.contains("--max-failures must be at least 1"), "\(bad.stderr)")
    }

    @Test func shrinkShrinksTheFirstFailingSeedsAndSaysHowToShrinkTheRest() async throws {
        let folder = try GlassesProcess.folder([:])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let script = GlassesProcess.script("chaos/planted_fold_after_power_cycle.lua")
        let result = try await GlassesProcess.run(
            ["sweep", "--seeds", "1..10", "--for", "300s", "--shrink", "--shrink-first", "1", "--json", "sweep.json", script], in: folder)
        #expect(result.code == 1, "\(result.stdout)\(result.stderr)")
        let json = try summary(folder)
        let failures = try #require(json["failures"] as? [[String: Any]])
        try #require(failures.count >= 2, "seeds 1..10 should fail at least twice: \(result.stdout)")
        let failing = failures.compactMap { $0["seed"] as? Int }
        // Only the first failing seed is shrunk; the others are listed, with the command that shrinks one.
        #expect(failures.map { $0["shrunk"] != nil } == [true] + Array(repeating: false, count: failures.count - 1))
        #expect(json["not_shrunk"] as? [Int] == Array(failing.dropFirst()))
        let line = try #require(result.stdout.split(separator: "\n").first { $0.hasPrefix("shrank 1 of \(failures.count) failing seeds") }, "\(result.stdout)")
        #expect(line.hasPrefix("shrank 1 of \(failures.count) failing seeds (--shrink-first 1); \(failures.count - 1) not shrunk. Shrink one with: "))
        let command = try #require(line.components(separatedBy: "Shrink one with: ").last)
        #expect(command.contains("sweep --seeds \(failing[1]) --for 300s --shrink "), "\(command)")
        // That command shrinks that seed.
        let words = command.split(separator: " ").map(String.init)
        let one = try await GlassesProcess.launch(GlassesProcess.binary, Array(words.dropFirst()), in: folder)
        #expect(one.code == 1 && one.stdout.contains("seed \(failing[1]) shrunk "), "\(one.stdout)\(one.stderr)")
        #expect(FileManager.default.fileExists(atPath: folder + "/shrunk/seed-\(failing[1]).json"))
    }
}
