/// MockMotionKit's CSV motion feeds (`setMotionFeed(fileURL:)`): a header, then one sample
/// a line in DAT's column order (orientation W first), m/s², rad/s, µT, ns. An empty sensor
/// group is an absent sensor. Every refusal is one line naming the file, the line and the fix,
/// quoting at most ``maxQuoted`` characters of what the file holds. Timestamps are checked so
/// that every difference a feed computes from them (its span, a sample's offset) fits in an
/// `Int64` of nanoseconds: a file cannot make the model's arithmetic overflow.
public enum MotionCSV {
    /// DAT's columns, in order [T1].
    public static let columns = [
        "timestampNs", "accelX", "accelY", "accelZ", "gyroX", "gyroY", "gyroZ", "magX", "magY", "magZ",
        "orientationW", "orientationX", "orientationY", "orientationZ",
    ]
    /// *(ours)* The most rows a feed may hold (about 4.6 hours at 60 Hz), and the largest file.
    public static let maxRows = 1_000_000
    public static let maxBytes: UInt64 = 128 * 1024 * 1024
    /// *(ours)* The most samples the simulated IMU keeps over all the feeds it was given
    /// (``maxRows``, about 150 MB): a new feed drops the oldest ones kept past it, so 16
    /// feeds at the file limit no longer hold GBs.
    public static let maxKeptSamples = maxRows
    /// The bytes one parsed sample holds, as charged to a run's memory cap.
    public static let bytesPerSample = MemoryLayout<MotionSample>.stride
    /// *(ours)* The most characters of a cell an error quotes: a 5 MB cell is not a 5 MB message.
    public static let maxQuoted = 40

    public struct Failure: Error, Sendable, CustomStringConvertible {
        public let description: String
        init(_ description: String) { self.description = description }
    }

    /// Reads and parses the file at `path`: the one `checked` holds, or none when it was
    /// found missing (the name is not opened again); nil opens `path`.
    public static func read(path: String, checked: CheckedFile? = nil) throws(Failure) -> [MotionSample] {
        let found: RawFile? = switch checked {
        case .held(let file): file
        case .missing: nil
        case nil: RawFile.reading(path)
        }
        guard let file = found else { throw Failure("cannot open '\(path)'") }
        guard file.size <= maxBytes else {
            throw Failure("'\(path)' is \(file.size / (1024 * 1024)) MiB; a motion feed holds at most \(maxRows) rows (\(maxBytes / (1024 * 1024)) MiB)")
        }
        let bytes = file.read(count: Int(file.size), at: 0)
        return try parse(String(decoding: bytes, as: UTF8.self), named: path)
    }

    /// Parses a feed's text; `name` (the file's path) is named in every refusal.
    public static func parse(_ text: String, named name: String? = nil) throws(Failure) -> [MotionSample] {
        let csv = name.map { "motion CSV '\(quoted($0, limit: 200))'" } ?? "motion CSV"
        var lines = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" })
        while let last = lines.last, last.allSatisfy(\.isWhitespace) { lines.removeLast() }
        guard let headerLine = lines.first else { throw Failure("empty \(csv): expected the header \(columns.joined(separator: ","))") }
        let header = headerLine.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingWhitespace() }
        let missing = columns.filter { !header.contains($0) }
        guard missing.isEmpty else {
            throw Failure("\(csv) header lacks \(missing.joined(separator: ", ")); DAT's columns are \(columns.joined(separator: ","))")
        }
        guard header == columns else { throw Failure("\(csv) columns must be in DAT's order: \(columns.joined(separator: ","))") }
        guard lines.count - 1 <= maxRows else { throw Failure("\(csv) has \(lines.count - 1) rows; at most \(maxRows)") }
        var samples: [MotionSample] = []
        samples.reserveCapacity(lines.count - 1)
        for (offset, line) in lines.dropFirst().enumerated() {
            let number = offset + 2
            let cells = line.split(separator: ",", omittingEmptySubsequences: false)
            guard cells.count == columns.count else {
                throw Failure("\(csv) line \(number): \(cells.count) columns, expected \(columns.count)")
            }
            var values: [Double?] = []
            for (index, cell) in cells.enumerated() {
                let trimmed = cell.trimmingWhitespace()
                if trimmed.isEmpty { values.append(nil); continue }
                guard let value = Double(trimmed), value.isFinite else {
                    throw Failure("\(csv) line \(number): \(columns[index]) '\(quoted(trimmed))' is not a finite number")
                }
                values.append(value)
            }
            guard let stamp = values[0] else { throw Failure("\(csv) line \(number): timestampNs is required") }
            guard let ns = Int64(exactly: stamp.rounded()) else {
                throw Failure("\(csv) line \(number): timestampNs \(quoted(String(cells[0].trimmingWhitespace()))) is outside a 64-bit count of nanoseconds; give nanoseconds from the recording's start")
            }
            if let previous = samples.last, ns <= previous.timestampNs {
                throw Failure("\(csv) line \(number): timestampNs \(ns) is not after \(previous.timestampNs) (timestamps must increase)")
            }
            // The feed measures every sample from the first (its span, the offset it plays): that must fit in 64 bits.
            if let first = samples.first, ns.subtractingReportingOverflow(first.timestampNs).overflow {
                throw Failure("\(csv) line \(number): timestampNs \(ns) is too far from the first sample's \(first.timestampNs) (a recording spans at most about 292 years of nanoseconds); give nanoseconds from the recording's start")
            }
            func vector(_ at: Int) throws(Failure) -> Vector3? {
                let group = values[at..<at + 3]
                if group.allSatisfy({ $0 == nil }) { return nil }
                guard let x = group[at], let y = group[at + 1], let z = group[at + 2] else {
                    throw Failure("\(csv) line \(number): \(columns[at].dropLast()) needs all three axes or none")
                }
                return Vector3(x, y, z)
            }
            let quaternion = values[10...13]
            var orientation: Quaternion?
            if !quaternion.allSatisfy({ $0 == nil }) {
                guard let w = values[10], let x = values[11], let y = values[12], let z = values[13] else {
                    throw Failure("\(csv) line \(number): orientation needs W, X, Y and Z or none")
                }
                orientation = Quaternion(x: x, y: y, z: z, w: w)
            }
            samples.append(MotionSample(timestampNs: ns, accelerometer: try vector(1), gyroscope: try vector(4), magnetometer: try vector(7),
                                        orientation: orientation, source: .glasses))
        }
        guard !samples.isEmpty else { throw Failure("\(csv) has a header but no samples") }
        return samples
    }

    /// At most `limit` characters of `text` for a message, and how long it was when cut.
    static func quoted(_ text: String, limit: Int = maxQuoted) -> String {
        guard text.count > limit else { return text }
        return String(text.prefix(limit)) + "… (\(text.utf8.count) bytes)"
    }
}
