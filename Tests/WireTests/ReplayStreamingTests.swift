import Foundation
import Testing
import WearablesCore
@testable import WearablesRemote
import WearablesWire

/// `--replay` reads a recording a line at a time as the run's clock reaches it,
/// so a long recording replays in bounded memory (a 7 GB one used to reach 12 GB). Checked
/// structurally: what the link holds stays a few records while thousands play.
@Suite struct ReplayStreamingTests {
    final class Delivered: @unchecked Sendable {
        private let lock = NSLock()
        private var items: [RemoteLink.Incoming] = []
        func add(_ item: RemoteLink.Incoming) { lock.withLock { items.append(item) } }
        var all: [RemoteLink.Incoming] { lock.withLock { items } }
    }

    static func write(_ lines: [String]) throws -> String {
        let folder = NSTemporaryDirectory() + "replay-streaming-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let path = folder + "/long.jsonl"
        try (lines.joined(separator: "\n") + "\n").write(toFile: path, atomically: false, encoding: .utf8)
        return path
    }

    @Test func aLongRecordingReplaysHoldingAFewRecordsAtATime() throws {
        var drained = SessionRecordingTests.device
        let count = 5_000
        var lines = [SessionRecordingTests.header]
        lines.append(#"{"t":0,"client":{"type":"register","id":1}}"#)
        for index in 0..<count {
            drained.batteryLevel = index % 100
            lines.append(#"{"t":\#(Double(index) * 0.01),"world":\#(SessionRecordingTests.text(.event(.device(drained))))}"#)
            // The reply to the command, long after it: kept until then, and only it.
            if index == count / 2 { lines.append(#"{"t":\#(Double(index) * 0.01),"world":{"type":"reply","id":1,"ok":true}}"#) }
        }
        let path = try Self.write(lines)
        defer { try? FileManager.default.removeItem(atPath: URL(fileURLWithPath: path).deletingLastPathComponent().path) }

        let scheduler = Scheduler(clock: .virtual, seed: 0)
        let link = ReplayLink(entries: { try! SessionRecordingReader(path: path) }, path: path, scheduler: scheduler)
        let delivered = Delivered()
        link.setTarget { delivered.add($0) }
        #expect(link.send(.command(id: 41, .register)))
        var most = 0
        var time = 0.0
        while scheduler.hasPendingEvents {
            time += 0.5
            scheduler.run(until: time)
            most = max(most, link.pendingRecords)
        }
        let all = delivered.all
        #expect(all.count == count + 1, "every line played")
        #expect(most <= 3, "the link held at most \(most) records at a time, not the recording's \(count)")
        let replies = all.enumerated().filter { if case .message(.reply(41, _)) = $0.element { true } else { false } }
        #expect(replies.map(\.offset) == [count / 2 + 1], "the reply, re-addressed to the client's command, came in its place")
    }

    @Test func theLineReaderReadsWhatTheWholeFileParserReads() throws {
        let (recorded, _) = try SessionRecordingTests.recorded()
        defer { try? FileManager.default.removeItem(atPath: recorded) }
        let damaged = try Self.write([
            SessionRecordingTests.header, #"{"t":1,"lost":"x"}"#, "not json", "", #"{"t":0.5,"lost":"early"}"#,
            #"{"t":2,"world":{"type":"reply","id":1,"ok":true}}"#, #"{"t":3,"lost":"#,
        ])
        defer { try? FileManager.default.removeItem(atPath: URL(fileURLWithPath: damaged).deletingLastPathComponent().path) }
        // Cut short: no newline after the last line.
        let text = try String(contentsOfFile: damaged, encoding: .utf8)
        try String(text.dropLast()).write(toFile: damaged, atomically: false, encoding: .utf8)
        for path in [recorded, damaged] {
            let whole = try SessionRecording.load(path: path)
            let reader = try SessionRecordingReader(path: path)
            var entries: [SessionRecording.Entry] = []
            while let entry = reader.next() { entries.append(entry) }
            #expect(entries == whole.entries)
            #expect(reader.problems == whole.problems)
            #expect(reader.header == whole.header)
        }
        #expect(try SessionRecording.load(path: damaged).problems.count == 3)
    }
}
