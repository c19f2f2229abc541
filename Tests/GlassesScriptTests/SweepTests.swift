import Foundation
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
            #expect(result.stdout.contains("seed \(failure["seed"]!) (exit \(failure["exit_code"]!)): \(command)"))
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
            ["sweep", "--seeds", "1..8", "--for", "300s", "--shrink", "--shrink-dir", "shrunk", "--json", "sweep.json", script], in: folder)
        #expect(result.code == 1, "\(result.stdout)\(result.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: folder + "/sweep.json"))) as? [String: Any])
        let failures = try #require(json["failures"] as? [[String: Any]])
        try #require(!failures.isEmpty, "no seed in 1..8 failed: \(result.stdout)")
        for failure in failures {
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
