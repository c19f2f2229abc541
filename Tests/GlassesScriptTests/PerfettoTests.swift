import Foundation
import ScriptTestSupport
import Testing

/// `glasses run --perfetto` and `glasses trace export --perfetto`: Chrome Trace
/// Event JSON checked against the format's rules.
@Suite struct PerfettoTests {
    static let script = """
        audio.configure{category = "playAndRecord", options = {"allowBluetooth"}}
        audio.activate()
        local handle = recipes.run("reconnect", {resolution = "medium"})
        mock.chaos{rates = {fold = 20, power_cycle = 10, disconnect = 30, bandwidth = 10, phone_call = 6, thermal = 6}, min_gap = 10}
        every(10, function() local cam = handle.camera; if cam and cam.state == "streaming" then cam:try_capture() end end)
        """

    /// The format's rules: a traceEvents array; known phases; integer pid and tid; non-metadata events
    /// carry a ts, monotone per track; B/E nest per track; b/e match by id; counters carry numbers.
    static func violations(_ data: Data) throws -> [String] {
        var problems: [String] = []
        let document = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let events = try #require(document["traceEvents"] as? [[String: Any]])
        var lastTs: [Int: Double] = [:], stacks: [Int: [String]] = [:], async: [Int: String] = [:]
        for (index, event) in events.enumerated() {
            guard let ph = event["ph"] as? String, ["B", "E", "b", "e", "i", "C", "M"].contains(ph) else {
                problems.append("event \(index): phase \(event["ph"] ?? "none")"); continue
            }
            guard let tid = event["tid"] as? Int, event["pid"] is Int, event["name"] is String else {
                problems.append("event \(index): pid, tid or name missing"); continue
            }
            if ph == "M" { continue }
            guard let ts = (event["ts"] as? NSNumber)?.doubleValue else { problems.append("event \(index): no ts"); continue }
            if ph != "C" {
                if ts < lastTs[tid, default: 0] { problems.append("event \(index): ts \(ts) before \(lastTs[tid]!) on track \(tid)") }
                lastTs[tid] = ts
            }
            let name = event["name"] as! String
            switch ph {
            case "B": stacks[tid, default: []].append(name)
            case "E":
                if stacks[tid, default: []].popLast() != name { problems.append("event \(index): E \(name) without its B on track \(tid)") }
            case "b":
                guard let id = event["id"] as? Int, async[id] == nil else { problems.append("event \(index): b without a fresh id"); break }
                async[id] = name
            case "e":
                guard let id = event["id"] as? Int, async.removeValue(forKey: id) == name else { problems.append("event \(index): e without its b"); break }
            case "C":
                let args = event["args"] as? [String: Any] ?? [:]
                if args.isEmpty || !args.values.allSatisfy({ $0 is NSNumber }) { problems.append("event \(index): counter without numbers") }
            case "i":
                if event["s"] as? String != "t" { problems.append("event \(index): instant without thread scope") }
            default: break
            }
        }
        for (tid, stack) in stacks where !stack.isEmpty { problems.append("track \(tid): \(stack) never ended") }
        if !async.isEmpty { problems.append("async spans never ended: \(async)") }
        return problems
    }

    @Test func aChaosRunsTimelineFollowsTheFormatAndHasItsTracks() async throws {
        let folder = try GlassesProcess.folder(["main.lua": Self.script])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let result = try await GlassesProcess.run(["run", "--seed", "3", "--for", "30m", "--trace", "run.jsonl", "--perfetto", "run.json", "main.lua"], in: folder)
        #expect(result.code == 0, "\(result.stderr)")
        let data = try Data(contentsOf: URL(fileURLWithPath: folder + "/run.json"))
        #expect(try Self.violations(data) == [])
        let events = try #require((try JSONSerialization.jsonObject(with: data) as? [String: Any])?["traceEvents"] as? [[String: Any]])
        let tracks = Set(events.filter { $0["name"] as? String == "thread_name" }.compactMap { ($0["args"] as? [String: Any])?["name"] as? String })
        for track in ["device rayBanMeta-1", "session1", "camera1", "chaos", "audio route"] {
            #expect(tracks.contains(track), "no \(track) track in \(tracks.sorted())")
        }
        // The route's outputs are slices on the audio route track: the glasses' HFP while they are linked.
        let audioTrack = events.first { $0["name"] as? String == "thread_name" && ($0["args"] as? [String: Any])?["name"] as? String == "audio route" }?["tid"] as? Int
        let outputs = Set(events.filter { $0["ph"] as? String == "B" && $0["tid"] as? Int == audioTrack }.compactMap { $0["name"] as? String })
        #expect(outputs.contains("output: bluetoothHFP") && outputs.contains("output: builtInReceiver"), "\(outputs.sorted())")
        let phases = Set(events.compactMap { $0["ph"] as? String })
        #expect(phases == ["M", "B", "E", "b", "e", "i", "C"], "\(phases)")
        let counters = Set(events.filter { $0["ph"] as? String == "C" }.compactMap { $0["name"] as? String })
        #expect(counters.contains("battery rayBanMeta-1") && counters.contains("thermal rayBanMeta-1") && counters.contains("bandwidth kbps")
                && counters.contains { $0.hasPrefix("effective fps camera") }, "\(counters.sorted())")
        // The command exports the same timeline from the trace.
        let export = try await GlassesProcess.run(["trace", "export", "run.jsonl", "--perfetto", "export.json"], in: folder)
        #expect(export.code == 0, "\(export.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: folder + "/export.json")) == data)
    }

    @Test func theValidatorCatchesBrokenTimelines() throws {
        let unmatched = #"{"traceEvents":[{"ph":"B","name":"x","pid":1,"tid":1,"ts":5},{"ph":"E","name":"y","pid":1,"tid":1,"ts":4}]}"#
        #expect(try Self.violations(Data(unmatched.utf8)).count == 2)
    }

    @Test func exportRefusesWhatIsNotATrace() async throws {
        let folder = try GlassesProcess.folder(["notes.txt": "hello\n"])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let result = try await GlassesProcess.run(["trace", "export", "notes.txt", "--perfetto", "out.json"], in: folder)
        #expect(result.code == 2)
        #expect(result.stderr.contains("line 1 is not a glasses trace record"), "\(result.stderr)")
    }

    /// `--perfetto /dev/full` printed a raw CocoaError and exited 0: a timeline that
    /// cannot be written is said with its cause and fix, and the run does not exit 0.
    @Test func aTimelineThatCannotBeWrittenIsAnErrorAndNotExitZero() async throws {
        let folder = try GlassesProcess.folder(["main.lua": "print('ran')\n"])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let full = try await GlassesProcess.run(["run", "--perfetto", "/dev/full", "main.lua"], in: folder)
        #expect(full.code == 2, "\(full.stderr)")
        #expect(full.stdout == "ran\n")
        #expect(full.stderr.contains("cannot write the timeline '/dev/full': No space left on device"), "\(full.stderr)")
        #expect(!full.stderr.contains("CocoaError"), "\(full.stderr)")
        let missing = try await GlassesProcess.run(["run", "--perfetto", "no/such/folder/t.json", "main.lua"], in: folder)
        #expect(missing.code == 2 && missing.stderr.contains("--perfetto FILE"), "\(missing.stderr)")
        // A run that failed keeps its own code.
        try "error('boom')\n".write(toFile: folder + "/main.lua", atomically: true, encoding: .utf8)
        let failed = try await GlassesProcess.run(["run", "--perfetto", "/dev/full", "main.lua"], in: folder)
        #expect(failed.code == 1, "\(failed.stderr)")
    }
}
