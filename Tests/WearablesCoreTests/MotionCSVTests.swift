import Foundation
import Testing
import WearablesCore
import WearablesSimulator

/// MockMotionKit's CSV feeds: DAT's columns, and a one-line refusal for every bad file.
@Suite struct MotionCSVTests {
    static let header = MotionCSV.columns.joined(separator: ",")

    @Test func readsDATsColumnsAndUnits() throws {
        let samples = try MotionCSV.parse(Self.header + "\n5,9.8,0,0.1,0,0.5,0,,,,1,0,0,0\n6,9.8,0,0,0,0,0,20,1,-40,,,,\n")
        #expect(samples.count == 2)
        #expect(samples[0].accelerometer == Vector3(9.8, 0, 0.1) && samples[0].gyroscope == Vector3(0, 0.5, 0))
        #expect(samples[0].magnetometer == nil && samples[0].orientation == Quaternion(x: 0, y: 0, z: 0, w: 1), "orientation W comes first")
        #expect(samples[1].magnetometer == Vector3(20, 1, -40) && samples[1].orientation == nil)
    }

    @Test(arguments: [
        ("timestampNs,accelX\n1,2\n", "lacks accelY"),
        (header + "\n1,NaN,0,0,0,0,0,,,,1,0,0,0\n", "not a finite number"),
        (header + "\n1,inf,0,0,0,0,0,,,,1,0,0,0\n", "not a finite number"),
        (header + "\n2,0,0,0,0,0,0,,,,1,0,0,0\n2,0,0,0,0,0,0,,,,1,0,0,0\n", "not after"),
        (header + "\n1,0,0\n", "3 columns, expected 14"),
        (header + "\n1,0,,0,0,0,0,,,,1,0,0,0\n", "all three axes"),
        (header + "\n", "no samples"),
        ("", "empty motion CSV"),
    ])
    func refusesBadFilesInOneLine(_ text: String, _ expected: String) {
        #expect {
            _ = try MotionCSV.parse(text)
        } throws: { error in
            let message = "\(error)"
            return message.contains(expected) && !message.contains("\n")
        }
    }

    /// -9e18 and 9e18 ns crashed the host (the feed's span overflowed): refused, naming the file and line.
    @Test func refusesTimestampsWhoseSpanOverflows() {
        let text = Self.header + "\n-9e18,0,0,9.8,,,,,,,,,,\n9e18,0,0,9.8,,,,,,,,,,\n"
        #expect { _ = try MotionCSV.parse(text, named: "walk.csv") } throws: { error in
            let message = "\(error)"
            return message.contains("'walk.csv' line 3") && message.contains("too far from the first sample") && !message.contains("\n")
        }
        #expect { _ = try MotionCSV.parse(Self.header + "\n1e19,0,0,9.8,,,,,,,,,,\n") } throws: { "\($0)".contains("outside a 64-bit count") }
    }

    /// A 5 MB cell made a 5 MB error line: an error quotes at most ``MotionCSV/maxQuoted`` characters of it.
    @Test func quotesABoundedPartOfACell() {
        let cell = String(repeating: "x", count: 5 << 20)
        #expect { _ = try MotionCSV.parse(Self.header + "\n1,\(cell),0,0,,,,,,,,,,\n") } throws: { error in
            let message = "\(error)"
            return message.utf8.count < 400 && message.contains("not a finite number") && message.contains("\(5 << 20) bytes")
        }
    }

    /// However extreme the timestamps of a feed made without MotionCSV, playing it never traps.
    @Test func aFeedOfExtremeTimestampsPlaysWithoutTrapping() {
        let feed = MotionFeed.samples([MotionSample(timestampNs: .min), MotionSample(timestampNs: 0), MotionSample(timestampNs: .max)])
        for elapsed in [0.0, 1, 1e9, 1e10, 1e300, .infinity] {
            _ = feed.sample(after: elapsed)
        }
        #expect(feed.sample(after: 0).timestampNs == .min)
    }

    /// 128 MiB recordings times the 16 feeds the simulator kept reached GBs: a new recording
    /// drops the oldest feeds past the kept-samples bound, and the newest always stays.
    @Test func theSimulatorKeepsABoundedNumberOfSamples() {
        #expect(MotionCSV.maxKeptSamples == MotionCSV.maxRows)
        let motion = SimulatedMotion(maxKeptSamples: 10)
        let recording = { (count: Int) in MotionFeed.samples((1...count).map { MotionSample(timestampNs: Int64($0)) }) }
        motion.setFeed(recording(6))
        #expect(motion.keptSamples == 6)
        motion.setFeed(recording(6))
        #expect(motion.keptSamples == 6 && motion.keptFeeds == 1, "the first recording is dropped")
        motion.setFeed(.pose(.nodding))
        motion.setFeed(recording(4))
        #expect(motion.keptSamples == 10 && motion.keptFeeds == 3)
        motion.setFeed(recording(12))
        #expect(motion.keptSamples == 12 && motion.keptFeeds == 1, "a recording over the bound alone is kept")
        #expect(motion.current == recording(12))
        for _ in 0..<20 { motion.setFeed(.pose(.level)) }
        #expect(motion.keptFeeds == SimulatedMotion.maxKeptFeeds && motion.keptSamples == 0)
    }

    @Test func refusesTooManyRows() {
        var text = Self.header + "\n"
        text.reserveCapacity(MotionCSV.maxRows * 16)
        for row in 1...(MotionCSV.maxRows + 1) { text += "\(row),0,0,0,,,,,,,,,,\n" }
        #expect { _ = try MotionCSV.parse(text) } throws: { "\($0)".contains("at most \(MotionCSV.maxRows)") }
    }

    /// Ten million rows (about a gigabyte) are refused by size before a byte is read.
    @Test func refusesAHugeFileBeforeReadingIt() throws {
        let path = NSTemporaryDirectory() + "motion-\(UUID().uuidString).csv"
        FileManager.default.createFile(atPath: path, contents: Data((Self.header + "\n").utf8))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let handle = try #require(FileHandle(forWritingAtPath: path))
        try handle.truncate(atOffset: 10_000_000 * 100) // sparse: no disk used
        try handle.close()
        #expect { _ = try MotionCSV.read(path: path) } throws: { error in
            let message = "\(error)"
            return message.contains("at most \(MotionCSV.maxRows) rows") && !message.contains("\n")
        }
    }
}
