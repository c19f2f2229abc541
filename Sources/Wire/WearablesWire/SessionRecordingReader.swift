import WearablesModel

/// A session recording read a line at a time, so memory stays bounded however long the
/// recording (reading the whole file and keeping every entry took a 7 GB recording to
/// 12 GB of memory under `--replay`). It holds one
/// chunk of the file and the line being read, and reads as ``SessionRecording/parse(_:name:)``
/// does: the same header check (thrown by `init`), the same lines left out with the same
/// sentences in ``problems`` (a last line cut short too), the same time order.
public final class SessionRecordingReader {
    public let header: SessionRecording.Header
    /// The lines left out so far, each a sentence naming the line and the fix (at most
    /// ``maxProblems`` kept; ``problemCount`` counts them all).
    public private(set) var problems: [String] = []
    public private(set) var problemCount = 0
    public static let maxProblems = 1_000

    private let file: RawFile
    private let name: String
    private let size: UInt64
    private var offset: UInt64 = 0
    private var chunk: [UInt8] = []
    private var position = 0
    /// The number of the last line read.
    private var number = 0
    private var lastTime = 0.0
    private static let chunkSize = 1 << 20

    /// Opens the recording at `path` and reads its header.
    public init(path: String) throws(SessionRecordingError) {
        guard let file = RawFile.reading(path) else {
            throw SessionRecordingError("cannot read the session recording '\(path)': check the path")
        }
        self.file = file
        name = path
        size = file.size
        let empty = SessionRecordingError("\(path) is empty: a session recording starts with its header line "
            + "(record one with `glasses run --connect URL --capture FILE` or `glasses serve --record DIR`)")
        var first: [UInt8] = []
        var firstRead = false
        // The header line, read as the rest are (no line of the file at once beyond what it holds).
        offset = 0
        if let line = Self.nextLine(file: file, size: size, offset: &offset, chunk: &chunk, position: &position) {
            first = line.bytes
            firstRead = true
        }
        number = 1
        guard firstRead, !first.allSatisfy({ $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\r") }) else { throw empty }
        header = try SessionRecording.readHeader(first, name: path)
    }

    /// Reads the whole recording once, keeping no entry: its header and the lines left out.
    /// What `--replay` and `sweep --replay` check before a run, in bounded memory.
    public static func scan(path: String) throws(SessionRecordingError) -> (header: SessionRecording.Header, problems: [String], problemCount: Int) {
        let reader = try SessionRecordingReader(path: path)
        while reader.next() != nil {}
        return (reader.header, reader.problems, reader.problemCount)
    }

    /// The next entry, or nil at the end of the file; a line that cannot be read is left
    /// out (said in ``problems``) and the one after it read.
    public func next() -> SessionRecording.Entry? {
        while let line = Self.nextLine(file: file, size: size, offset: &offset, chunk: &chunk, position: &position) {
            number += 1
            guard !line.bytes.allSatisfy({ $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\r") }) else { continue }
            do throws(SessionRecordingError) {
                let entry = try SessionRecording.readEntry(line.bytes, number: number)
                guard entry.time >= lastTime else {
                    throw SessionRecordingError("field 't' is \(entry.time), before the line above it (\(lastTime)): lines must be in time order; "
                        + "move the line or fix its time")
                }
                lastTime = entry.time
                return entry
            } catch {
                problemCount += 1
                guard problems.count < Self.maxProblems else { continue }
                problems.append(!line.ended
                    ? "\(name) line \(number) is cut short (the recording stopped mid-line): it was left out, the \(number - 2) lines before it replay"
                    : "\(name) line \(number): \(error.description); the line was left out")
            }
        }
        return nil
    }

    /// The next line without its newline, and whether a newline ended it; nil at the end.
    private static func nextLine(file: RawFile, size: UInt64, offset: inout UInt64, chunk: inout [UInt8],
                                 position: inout Int) -> (bytes: [UInt8], ended: Bool)? {
        var line: [UInt8] = []
        while true {
            if position < chunk.count {
                if let end = chunk[position...].firstIndex(of: UInt8(ascii: "\n")) {
                    line += chunk[position..<end]
                    position = end + 1
                    return (line, true)
                }
                line += chunk[position...]
                position = chunk.count
            }
            guard offset < size else { return line.isEmpty ? nil : (line, false) }
            chunk = file.read(count: Int(min(UInt64(chunkSize), size - offset)), at: offset)
            position = 0
            guard !chunk.isEmpty else { return line.isEmpty ? nil : (line, false) }
            offset += UInt64(chunk.count)
        }
    }
}
