import Foundation
import ScriptTestSupport
import Testing

/// `mock.chaos{}`: schedules drawn from the seed, recorded in the trace, saved,
/// replayed (`schedule=` and `--faults`), and options read strictly.
@Suite struct ChaosTests {
    static let chaos = "mock.chaos{rates = {fold = 20, power_cycle = 10, disconnect = 30, doff = 10, capture_failure = 10}, min_gap = 5, span = 600"

    private func run(_ script: String, _ options: [String] = [], in folder: String) async throws -> GlassesProcess.Result {
        try script.write(toFile: folder + "/main.lua", atomically: true, encoding: .utf8)
        return try await GlassesProcess.run(["run"] + options + ["main.lua"], in: folder)
    }

    private func lines(_ path: String, source: String) throws -> [String] {
        try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map(String.init)
            .filter { $0.contains("\"source\":\"\(source)\"") }
    }

    private func schedule(_ path: String) throws -> [[String: Any]] {
        let line = try #require(try lines(path, source: "chaos").first { $0.contains("\"event\":\"schedule\"") })
        let values = try #require((try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])?["values"] as? [String: Any])
        let json = try #require(values["schedule"] as? String)
        return try #require((try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])?["faults"] as? [[String: Any]])
    }

    @Test func theScheduleComesFromTheSeedAndIsInTheTrace() async throws {
        let folder = try GlassesProcess.folder([:])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let script = Self.chaos + "}"
        for (name, seed) in [("a", "5"), ("b", "5"), ("c", "6")] {
            let result = try await run(script, ["--seed", seed, "--for", "10m", "--trace", "\(name).jsonl"], in: folder)
            #expect(result.code == 0, "\(result.stderr)")
        }
        let a = try schedule(folder + "/a.jsonl"), c = try schedule(folder + "/c.jsonl")
        #expect(a.count > 5)
        #expect(try String(contentsOfFile: folder + "/a.jsonl", encoding: .utf8) == String(contentsOfFile: folder + "/b.jsonl", encoding: .utf8))
        #expect(NSArray(array: a) != NSArray(array: c), "seeds 5 and 6 drew the same schedule")
        // Each fault is the mock verbs a script could call: a chaos fold is followed by the mock's fold.
        let trace = try String(contentsOfFile: folder + "/a.jsonl", encoding: .utf8).split(separator: "\n").map(String.init)
        let fold = try #require(trace.firstIndex { $0.contains("\"source\":\"chaos\",\"event\":\"fault\"") && $0.contains("\"kind\":\"fold\"") })
        #expect(trace[fold + 1].contains("\"source\":\"mock\",\"event\":\"fold\""), "\(trace[fold + 1])")
        // Faults keep min_gap between one clearing and the next starting.
        var calmFrom = -Double.infinity
        for fault in a {
            let t = try #require(fault["t"] as? Double), duration = try #require(fault["duration"] as? Double)
            #expect(t >= calmFrom - 0.002)
            calmFrom = t + duration + 5
        }
    }

    @Test func aSavedScheduleReplaysExactlyFromTheScriptAndFromFaults() async throws {
        let folder = try GlassesProcess.folder([:])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let drawn = try await run(Self.chaos + ", save = \"faults.json\"}", ["--seed", "9", "--for", "10m", "--trace", "drawn.jsonl"], in: folder)
        #expect(drawn.code == 0, "\(drawn.stderr)")
        let saved = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: folder + "/faults.json"))) as? [String: Any])
        #expect(saved["version"] as? Int == 1)
        // Another seed, the same faults: by the script's schedule= and by --faults over a script that would draw.
        let fromScript = try await run("mock.chaos{schedule = \"faults.json\"}", ["--seed", "1", "--for", "10m", "--trace", "script.jsonl"], in: folder)
        let fromFlag = try await run(Self.chaos + "}", ["--seed", "1", "--for", "10m", "--faults", "faults.json", "--trace", "flag.jsonl"], in: folder)
        #expect(fromScript.code == 0 && fromFlag.code == 0, "\(fromScript.stderr)\(fromFlag.stderr)")
        let faults = { (name: String) in try self.lines(folder + "/" + name, source: "mock") + self.lines(folder + "/" + name, source: "chaos").filter { !$0.contains("\"schedule\"") } }
        #expect(try faults("drawn.jsonl").count > 10)
        #expect(try faults("script.jsonl") == faults("drawn.jsonl"))
        #expect(try faults("flag.jsonl") == faults("drawn.jsonl"))
        #expect(try lines(folder + "/flag.jsonl", source: "chaos").first?.contains("\"origin\":\"--faults\"") == true)
    }

    @Test(arguments: [
        ("mock.chaos{fold = 4}", "unknown field 'fold'", "it belongs in 'rates': rates = {fold = ...}"),
        ("mock.chaos{rates = {fold = -1}}", "field 'rates.fold': a finite number >= 0 expected, got -1", nil),
        ("mock.chaos{rates = {folds = 2}}", "field 'rates': unknown field 'folds'", "did you mean 'fold'?"),
        ("mock.chaos{durations = {disconnect = {min = 5, max = 1}}}", "field 'durations.disconnect.max': a finite number >= 5", nil),
        ("mock.chaos{schedule = \"missing.json\"}", "missing.json", nil),
        ("mock.chaos(4)", "bad argument #1 to 'chaos' (table expected, got number)", nil),
        ("mock.chaos{rates = {fold = 1e12}}", "more than 100000 faults", "lower the rates"),
    ] as [(String, String, String?)])
    func badOptionsAreRefusedWithTheFix(script: String, message: String, fix: String?) async throws {
        let folder = try GlassesProcess.folder([:])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let result = try await run(script, in: folder)
        #expect(result.code == 1)
        #expect(result.stderr.contains(message), "\(result.stderr)")
        if let fix { #expect(result.stderr.contains(fix), "\(result.stderr)") }
    }

    @Test func aScheduleFileThatIsNotOneSaysHowOneLooks() async throws {
        let folder = try GlassesProcess.folder(["bad.json": "{\"faults\": [{\"t\": 1, \"kind\": \"melt\"}]}"])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let result = try await run("mock.chaos{}", ["--faults", "bad.json"], in: folder)
        #expect(result.code == 1)
        #expect(result.stderr.contains("is not a fault schedule") && result.stderr.contains("\"kind\":\"fold\""), "\(result.stderr)")
        let missing = try await run("mock.chaos{}", ["--faults", "nowhere.json"], in: folder)
        #expect(missing.code == 2)
        #expect(missing.stderr.hasPrefix("glasses run: --faults 'nowhere.json' is not a readable file"), "\(missing.stderr)")
    }
}
