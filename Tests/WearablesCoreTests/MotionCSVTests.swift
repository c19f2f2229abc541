import Foundation
import Testing
import WearablesCore

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
