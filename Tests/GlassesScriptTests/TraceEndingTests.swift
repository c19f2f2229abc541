import Foundation
import ScriptTestSupport
import Testing

/// However a run ends, its `--trace` file is complete and its last record says why.
@Suite struct TraceEndingTests {
    /// The last line of the trace a run of `script` leaves, and the run's result.
    private func lastRecord(_ script: String, _ options: [String] = [], trace: String = "trace.jsonl")
        async throws -> (record: String, result: GlassesProcess.Result)
    {
        let folder = try GlassesProcess.folder(["main.lua": script])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let result = try await GlassesProcess.run(["run", "--trace", trace] + options + ["main.lua"], in: folder)
        let text = (try? String(contentsOfFile: folder + "/" + trace, encoding: .utf8)) ?? ""
        return (text.split(separator: "\n").last.map(String.init) ?? "", result)
    }

    @Test(arguments: [
        ("local x = 1", "\"reason\":\"done\",\"code\":0"),
        ("exit(5)", "\"reason\":\"exit\",\"code\":5"),
        ("error('boom')", "\"reason\":\"error\",\"code\":1"),
        ("wait(5)", "\"reason\":\"done\",\"code\":0"),
    ])
    func everyEndingIsTheLastRecord(script: String, expected: String) async throws {
        let (record, result) = try await lastRecord(script)
        #expect(record.contains("\"source\":\"run\",\"event\":\"end\",\"values\":{" + expected), "\(record)\n\(result.stderr)")
    }

    @Test func aTimeoutEndsTheTraceWithTheLimit() async throws {
        let (record, result) = try await lastRecord("while true do wait(1) end", ["--timeout", "1"])
        #expect(result.code == 3)
        #expect(record.contains("\"event\":\"end\",\"values\":{\"reason\":\"limit\",\"code\":3"), "\(record)")
    }

    @Test func aMemoryLimitEndsTheTraceWithTheLimit() async throws {
        let (record, result) = try await lastRecord(
            "local t = {} while true do t[#t + 1] = ('x'):rep(1000) end", ["--max-memory", "8M"])
        #expect(result.code == 3)
        #expect(record.contains("\"reason\":\"limit\",\"code\":3"), "\(record)")
    }

    @Test func forEndsTheTraceWithTheDuration() async throws {
        let (record, _) = try await lastRecord("every(1, function() end)", ["--for", "10s"])
        #expect(record.contains("\"reason\":\"duration\",\"code\":0"), "\(record)")
    }

    /// `--trace` makes its folder, as `--out` does.
    @Test func theTraceFolderIsCreated() async throws {
        let (record, result) = try await lastRecord("local x = 1", trace: "out/deeper/trace.jsonl")
        #expect(result.code == 0, "\(result.stderr)")
        #expect(record.contains("\"reason\":\"done\""))
    }

    /// Ctrl-C and SIGTERM: the run ends through the host with 130 or 143, the trace
    /// flushed and ended, and a recording made so far is a valid WAV file.
    @Test(arguments: [(SIGINT, 130, "SIGINT"), (SIGTERM, 143, "SIGTERM")])
    func aSignalEndsTheTrace(signal: Int32, code: Int32, name: String) throws {
        let folder = try GlassesProcess.folder(["main.lua": """
            audio.configure{category = "playAndRecord", options = {"allowBluetooth"}}
            audio.activate()
            local recorder = audio.record{path = "rec.wav"}
            wait(0.1)
            io.write('ready\\n') io.stdout:flush()
            while true do wait(1) end
            """])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // On the wall clock, so the recording holds a tenth of a second, not hours of virtual time.
        let (process, errors) = try GlassesProcess.startReady(
            ["run", "--realtime", "--timeout", "60", "--trace", "trace.jsonl", "--out", "out", "main.lua"], in: folder)
        kill(process.processIdentifier, signal)
        let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationReason == .exit, "killed by the signal instead of ending the run")
        #expect(process.terminationStatus == code, "\(stderr)")
        let trace = try String(contentsOfFile: folder + "/trace.jsonl", encoding: .utf8)
        let last = trace.split(separator: "\n").last.map(String.init) ?? ""
        #expect(last.contains("\"reason\":\"interrupted\",\"code\":\(code),\"signal\":\"\(name)\""), "\(last)")
        // RIFF and data sizes match the file: the header was finished, not left at its last refresh.
        let wav = try Data(contentsOf: URL(fileURLWithPath: folder + "/out/rec.wav"))
        #expect(wav.count > 44)
        let riff = wav.subdata(in: 4..<8).withUnsafeBytes { $0.loadUnaligned(as: UInt32.self) }
        #expect(Int(UInt32(littleEndian: riff)) == wav.count - 8)
    }
}
